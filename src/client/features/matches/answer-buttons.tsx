import { answerActions, type Tense } from "@shared/match-states";
import type { MatchItem } from "@shared/matches";
import { CircleCheck, CircleX } from "lucide-react";
import { useId } from "react";
import { Button } from "../../components/ui/button";
import { useMatchInvitation, useSetConnectionStatus } from "./use-matches";

/**
 * Said beside a Met button the booked time has not come for (docs/check-ins.md, "Answers"): shown
 * under the buttons, since a phone has no hover to show the button's title.
 */
const MET_AFTER_BOOKED_TIME = "You can say you met once your booked time has come.";

/**
 * Whether the match's booked chat is still to come by the server's clock, as the answer reads it:
 * Met waits for it, as the server does, whatever the browser's clock says.
 */
function useBookedLater(item: MatchItem): boolean {
  const answer = useMatchInvitation(item.match.id, item.pairingOpen).data;
  if (!answer?.invitation) return false;
  return Date.parse(answer.invitation.start) > Date.parse(answer.now);
}

type Answer = "confirmed" | "not_confirmed";

/** Both answers while unanswered; once answered, the other one as a change. */
function answerChoices(mine: MatchItem["myConnectionStatus"]): Answer[] {
  if (mine === "confirmed") return ["not_confirmed"];
  if (mine === "not_confirmed") return ["confirmed"];
  return ["confirmed", "not_confirmed"];
}

/**
 * The member's answer buttons, offered while the match's pairing runs (an answer can be changed
 * until an admin completes it; afterwards the server refuses with 409 and the toast says why).
 * `describe` names the match for screen readers when several cards show buttons.
 */
export function AnswerButtons({
  item,
  tense,
  size,
  describe,
}: {
  item: MatchItem;
  tense: Tense;
  size?: "sm";
  describe?: string;
}) {
  const connection = useSetConnectionStatus();
  const bookedLater = useBookedLater(item);
  const reasonId = useId();
  if (!item.pairingOpen) return null;
  const changing = item.myConnectionStatus !== "pending";
  const choices = answerChoices(item.myConnectionStatus);
  const metWaits = bookedLater && choices.includes("confirmed");
  const buttons = choices.map((status) => {
    const text = changing
      ? `Change to ${answerActions[tense][status]}`
      : answerActions[tense][status];
    const Icon = status === "confirmed" ? CircleCheck : CircleX;
    const waits = status === "confirmed" && metWaits;
    return (
      <Button
        key={status}
        size={size}
        variant={status === "confirmed" ? "secondary" : "outline"}
        disabled={connection.isPending || waits}
        title={waits ? MET_AFTER_BOOKED_TIME : undefined}
        aria-label={describe ? `${text}: ${describe}` : undefined}
        aria-describedby={waits ? reasonId : undefined}
        onClick={() => connection.mutate({ matchId: item.match.id, status })}
      >
        <Icon aria-hidden="true" />
        {text}
      </Button>
    );
  });
  return (
    <>
      {buttons}
      {metWaits && (
        // Its own line under the buttons (their containers wrap), as the partner-away note is.
        <p id={reasonId} className="w-full text-xs text-coffee-700">
          {MET_AFTER_BOOKED_TIME}
        </p>
      )}
    </>
  );
}
