import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { paths } from "../../shared/routes";
import { OnePressLinkCard } from "../features/one-press-link-card";
import { matchesApi } from "../lib/api/matches";

const readToken = () => new URLSearchParams(window.location.search).get("token") ?? "";

/**
 * "I'm not away", opened from the e-mail a person gets when a partner reports them away
 * (/not-away?token=…, docs/matches.md). Opening changes nothing (mail scanners open links); only
 * the press does. No sign-in needed: the signed token names the person and the month.
 */
export function NotAwayPage() {
  const [token] = useState(readToken);
  const back = useMutation({ mutationFn: () => matchesApi.sayNotAwayByLink(token) });
  return (
    <OnePressLinkCard
      title="I'm not away"
      heading="Not away this month?"
      complete={token !== ""}
      press={back}
      intro="A partner told us you're away this month, so we took you out of this month's coffee chat. If you're around after all, press the button: we'll put you back and find you a partner if someone is free."
      buttonLabel="I'm not away"
      pendingLabel="Putting you back…"
      successTitle={() => "You're back in"}
      successNote={
        <>
          Your match is on your <Link to={paths.matches}>Matches page</Link>.
        </>
      }
    />
  );
}
