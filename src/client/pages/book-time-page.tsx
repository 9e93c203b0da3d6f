import { bookedText, bookingTimeLabel } from "@shared/booking";
import { CHAT_DURATION_MINUTES } from "@shared/matches";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { paths } from "../../shared/routes";
import { OnePressLinkCard } from "../features/one-press-link-card";
import { matchesApi } from "../lib/api/matches";

function readLink(): { token: string; start: string } {
  const query = new URLSearchParams(window.location.search);
  const start = query.get("start") ?? "";
  const valid = !Number.isNaN(new Date(start).getTime()) && start !== "";
  return { token: query.get("token") ?? "", start: valid ? start : "" };
}

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * A proposed time from an e-mail (/book-time?token=…&start=…, docs/scheduling.md, "Booking from an
 * e-mail"): the page shows the time in the reader's zone and a button. Opening it changes nothing
 * (mail scanners open links); only the press books. No sign-in: the signed token names the person
 * and the match.
 */
export function BookTimePage() {
  const [link] = useState(readLink);
  const [zone] = useState(browserZone);
  const book = useMutation({ mutationFn: () => matchesApi.bookByLink(link.token, link.start) });
  const when = link.start ? bookingTimeLabel(link.start, zone) : "";
  return (
    <OnePressLinkCard
      title="Book your coffee chat"
      complete={link.token !== "" && link.start !== ""}
      press={book}
      intro={`${when}, your time (${zone.replaceAll("_", " ")}), for ${CHAT_DURATION_MINUTES} minutes. One press books it for everyone in your match: each of you gets the calendar invitation.`}
      buttonLabel={`Book ${when}`}
      pendingLabel="Booking…"
      successTitle={(answer) => bookedText(answer.invitation.start, zone)}
      successNote={
        <>
          You can move it on your <Link to={paths.matches}>Matches page</Link>.
        </>
      }
    />
  );
}
