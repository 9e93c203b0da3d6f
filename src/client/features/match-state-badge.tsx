import type { ConnectionStatus, MatchStatus } from "@shared/enums";
import { answerLook, countedChatLook, matchStatusLooks, type Tense } from "@shared/match-states";
import { CircleCheck, CircleDot, CircleX, Clock } from "lucide-react";
import { Badge } from "../components/ui/badge";

const answerIcons: Record<ConnectionStatus, typeof Clock> = {
  pending: Clock,
  confirmed: CircleCheck,
  not_confirmed: CircleX,
};

/** The match's status in the shared vocabulary ("Active", "Completed"). */
export function MatchStatusBadge({ status, who }: { status: MatchStatus; who?: string }) {
  const look = matchStatusLooks[status] ?? matchStatusLooks.active;
  return (
    <Badge color={look.color} data-match-status={status}>
      <CircleDot aria-hidden="true" className="size-3.5" />
      {who && <span className="sr-only">{who}: </span>}
      {look.label}
    </Badge>
  );
}

/** One person's answer ("Met", "Not met yet", "Didn't meet"…), worded for the match's tense. */
export function AnswerBadge({
  status,
  tense,
  who,
}: {
  status: ConnectionStatus;
  tense: Tense;
  /** Whose answer, for screen readers when several are shown (e.g. an admin's row). */
  who?: string;
}) {
  const look = answerLook(status, tense);
  const Icon = answerIcons[status] ?? Clock;
  return (
    <Badge color={look.color} data-answer={status}>
      <Icon aria-hidden="true" className="size-3.5" />
      {who && <span className="sr-only">{who}: </span>}
      {look.label}
    </Badge>
  );
}

/** A past match counted as a chat although nobody said Met (docs/matches.md). */
export function CountedChatBadge() {
  return (
    <Badge color={countedChatLook.color} data-match-status="counted">
      <CircleDot aria-hidden="true" className="size-3.5" />
      {countedChatLook.label}
    </Badge>
  );
}
