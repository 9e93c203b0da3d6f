import {
  bookedText,
  bookingTimeLabel,
  type LinkBooking,
  timeInYourZone,
  yourTimeText,
} from "@shared/booking";
import { CHAT_DURATION_MINUTES } from "@shared/matches";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { paths } from "../../shared/routes";
import { Alert, AlertDescription } from "../components/ui/alert";
import { OnePressLinkCard } from "../features/one-press-link-card";
import { matchesApi } from "../lib/api/matches";

function readLink(): { token: string; start: string } {
  const query = new URLSearchParams(window.location.search);
  const start = query.get("start") ?? "";
  const valid = !Number.isNaN(new Date(start).getTime()) && start !== "";
  return { token: query.get("token") ?? "", start: valid ? start : "" };
}

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

type Booked = NonNullable<LinkBooking["booked"]>;

const bookedBy = (booked: Booked) =>
  booked.byYou ? " (you booked it)" : booked.bookedBy ? ` (booked by ${booked.bookedBy})` : "";

const sameInstant = (a: string, b: string) => new Date(a).getTime() === new Date(b).getTime();

/** What the page says before the press: a first booking, a move, or nothing left to do. */
function offer(link: { start: string }, booked: Booked | null, zone: string) {
  const when = link.start ? bookingTimeLabel(link.start, zone) : "";
  if (!booked) {
    return {
      title: "Book your coffee chat",
      intro: `${when} in ${yourTimeText(zone)}, for ${CHAT_DURATION_MINUTES} minutes. One press books it for everyone in your match: each of you gets the calendar invitation.`,
      buttonLabel: `Book ${when}`,
    };
  }
  const now = `${timeInYourZone(booked.start, zone)}${bookedBy(booked)}`;
  if (sameInstant(booked.start, link.start)) {
    return { title: "Your coffee chat is booked", already: `Your chat is booked for ${now}.` };
  }
  return {
    title: "Move your coffee chat?",
    intro: `Your chat is already booked for ${now}. This link proposed ${when} instead. Moving it changes the time for everyone in your match: each of you gets the updated invitation.`,
    buttonLabel: `Move to ${when}`,
  };
}

/**
 * A proposed time from an e-mail (/book-time?token=…&start=…, docs/scheduling.md, "Booking from an
 * e-mail"): the page shows the time in the reader's zone and what is booked already, and a
 * button that books it, or moves the booking there when there is one. Opening it changes nothing
 * (mail scanners open links); only the press books. No sign-in: the signed token names the
 * person and the match.
 */
export function BookTimePage() {
  const [link] = useState(readLink);
  const [zone] = useState(browserZone);
  const complete = link.token !== "" && link.start !== "";
  const current = useQuery({
    queryKey: ["book-time", link.token],
    queryFn: () => matchesApi.linkBooking(link.token),
    enabled: complete,
    retry: false,
  });
  const booked = current.data?.booked ?? null;
  // Whether the press moved a booking, fixed at the press (a refetch afterwards sees the new one).
  const [moved, setMoved] = useState(false);
  const book = useMutation({
    mutationFn: () => {
      setMoved(booked !== null);
      return matchesApi.bookByLink(link.token, link.start, booked?.start);
    },
  });
  const shown = offer(link, booked, zone);
  // Once pressed, the heading says what was done, not the question asked before.
  const title = book.isSuccess
    ? moved
      ? "Your coffee chat is moved"
      : "Your coffee chat is booked"
    : shown.title;
  const settled = current.isPending ? (
    <p className="text-sm text-coffee-800">Looking up your booking…</p>
  ) : current.isError ? (
    <Alert variant="destructive">
      <AlertDescription>{current.error.message}</AlertDescription>
    </Alert>
  ) : shown.already ? (
    <Alert variant="success" role="status">
      <AlertDescription>
        {shown.already} You can move it on your <Link to={paths.matches}>Matches page</Link>.
      </AlertDescription>
    </Alert>
  ) : undefined;
  return (
    <OnePressLinkCard
      title={title}
      complete={complete}
      press={book}
      intro={shown.intro}
      buttonLabel={shown.buttonLabel ?? ""}
      pendingLabel={booked ? "Moving…" : "Booking…"}
      successTitle={(answer) => bookedText(answer.invitation.start, zone)}
      successNote={
        <>
          You can move it on your <Link to={paths.matches}>Matches page</Link>.
        </>
      }
      settled={complete ? settled : undefined}
    />
  );
}
