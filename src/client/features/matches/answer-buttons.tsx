import { answerActions, type Tense } from "@shared/match-states";
import type { MatchItem } from "@shared/matches";
import { CircleCheck, CircleX } from "lucide-react";
import { Button } from "../../components/ui/button";
import { useSetConnectionStatus } from "./use-matches";

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
  if (!item.pairingOpen) return null;
  const changing = item.myConnectionStatus !== "pending";
  return answerChoices(item.myConnectionStatus).map((status) => {
    const text = changing
      ? `Change to ${answerActions[tense][status]}`
      : answerActions[tense][status];
    const Icon = status === "confirmed" ? CircleCheck : CircleX;
    return (
      <Button
        key={status}
        size={size}
        variant={status === "confirmed" ? "secondary" : "outline"}
        disabled={connection.isPending}
        aria-label={describe ? `${text}: ${describe}` : undefined}
        onClick={() => connection.mutate({ matchId: item.match.id, status })}
      >
        <Icon aria-hidden="true" />
        {text}
      </Button>
    );
  });
}
