import { matchStatuses } from "@shared/enums";
import { Badge } from "../../../components/ui/badge";
import { EmailAddress } from "../../../components/ui/email-address";
import { AnswerBadge, MatchStatusBadge } from "../../match-state-badge";

export type MatchPerson = { name: string; email: string };

/**
 * One match in a preview: each person's name and e-mail, the status in the shared vocabulary and,
 * for a completed record that says so, whether the chat happened ("Met" / "Didn't meet").
 */
export function MatchRow({
  people,
  status,
  happened,
}: {
  people: MatchPerson[];
  status: string;
  happened?: boolean;
}) {
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-coffee-200 p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid min-w-0 gap-1">
        {people.map((person, i) => (
          <p key={`${person.email}-${i}`} className="min-w-0 text-sm">
            <span className="font-medium">{person.name}</span>{" "}
            <span className="text-coffee-700">
              (<EmailAddress email={person.email} />)
            </span>
          </p>
        ))}
      </div>
      <span className="flex flex-wrap gap-2 self-start sm:self-center">
        {(matchStatuses as readonly string[]).includes(status) ? (
          <MatchStatusBadge status={status as (typeof matchStatuses)[number]} />
        ) : (
          <Badge>{status}</Badge>
        )}
        {happened !== undefined && (
          <AnswerBadge status={happened ? "confirmed" : "not_confirmed"} tense="past" />
        )}
      </span>
    </li>
  );
}
