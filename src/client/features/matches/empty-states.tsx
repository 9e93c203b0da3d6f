import { shortDay } from "@shared/date-text";
import { formatMatchMonth, joinNames, type NextPairingResponse } from "@shared/matches";
import { Coffee, History, Hourglass } from "lucide-react";
import type { AuthUser } from "../use-auth";
import { AwayNotice, useAwayStatus } from "./away-notice";
import { nextPairingNote } from "./next-pairing-texts";
import { useNextPairing } from "./use-matches";

function EmptyState({
  icon: Icon,
  title,
  text,
}: {
  icon: typeof Coffee;
  title: string;
  text: string;
}) {
  return (
    <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-amber-100 text-coffee-800">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h3 className="text-base font-semibold text-coffee-900">{title}</h3>
      <p className="max-w-sm text-sm text-coffee-700">{text}</p>
    </div>
  );
}

/**
 * What happens next for someone without a match, true to their participation. When the next
 * pairing leaves them out with no date to come back (asked "Still up for coffee chats?", on leave,
 * opted out), the Next Pairing card's sentence says it: one answer, the next-pairing endpoint's `away`.
 */
function nextCycleText(
  user: Pick<AuthUser, "participationStatus" | "pauseEndDate"> | undefined,
  next: NextPairingResponse | undefined,
): string {
  if (next && next.date === null) return nextPairingNote(next);
  if (user?.participationStatus === "paused") {
    return user.pauseEndDate
      ? `You're paused until ${shortDay(user.pauseEndDate, { year: true })}; you'll be paired again in the first matching cycle after that.`
      : "You're paused, so you won't be paired until you reactivate on your profile.";
  }
  if (user?.participationStatus === "opted_out") {
    return "You've opted out, so you won't be paired until you reactivate on your profile.";
  }
  return "You'll be paired with a colleague in the next monthly matching cycle.";
}

/**
 * Someone whose partner left a running round and nobody was free to meet them (docs/pairings.md,
 * "Waiting for a partner"): the same truth as the e-mail they got, not "next cycle".
 */
function waitingText(waiting: { month: string; formerPartners: string[] }): string {
  const period = formatMatchMonth(waiting.month);
  const names = waiting.formerPartners.length ? joinNames(waiting.formerPartners) : "Your partner";
  // "someone who left the programme" starts the sentence (docs/privacy.md).
  const who = names.charAt(0).toUpperCase() + names.slice(1);
  return `${who} can no longer take part in ${period}, so that coffee chat is off. Right now nobody without a partner is free to meet you. An admin can still pair you with someone this month; if not, you are in next month's round as usual.`;
}

export function NoCurrentMatch({
  user,
}: {
  user?: Pick<AuthUser, "participationStatus" | "pauseEndDate">;
}) {
  const waiting = useAwayStatus().data?.waiting;
  const next = useNextPairing(true).data;
  if (waiting) {
    return (
      <EmptyState icon={Hourglass} title="Waiting for a partner" text={waitingText(waiting)} />
    );
  }
  return (
    <div className="space-y-2">
      <AwayNotice />
      <EmptyState icon={Coffee} title="No Current Match" text={nextCycleText(user, next)} />
    </div>
  );
}

export function NoMatchHistory() {
  return (
    <EmptyState
      icon={History}
      title="No Match History"
      text="Your completed coffee chats will appear here."
    />
  );
}
