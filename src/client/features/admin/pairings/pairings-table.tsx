import { tenseOf } from "@shared/match-states";
import { zoneNameForPeople } from "@shared/zone-names";
import { Badge } from "../../../components/ui/badge";
import { EmailAddress } from "../../../components/ui/email-address";
import { AnswerBadge, MatchStatusBadge } from "../../match-state-badge";
import { LEFT_ALONE, type PairingRow } from "./pairing-rows";

/** Below 640 px each cell shows its column's name before it (the header row is then hidden). */
const STACKED_CELL =
  "max-sm:block max-sm:before:block max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:text-coffee-800 max-sm:before:content-[attr(data-label)]";

/**
 * The current pairings as a table: one row per match, one column per person, then the status.
 * On a phone the rows stack as cards (nothing hidden past the right edge).
 */
export function PairingsTable({ rows }: { rows: PairingRow[] }) {
  // As many person columns as the largest match shown (2 to 4).
  const widest = Math.max(2, ...rows.map((row) => row.people.length));
  const columns = Array.from({ length: widest }, (_, i) => i);
  return (
    <section
      aria-label="Current pairings table"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must reach the table's horizontal scroll
      tabIndex={0}
      className="max-w-full overflow-x-auto rounded-lg border border-coffee-200"
    >
      <table className="w-full border-collapse text-left text-sm max-sm:block sm:min-w-[640px]">
        <thead className="bg-coffee-50 text-coffee-800 max-sm:sr-only">
          <tr>
            <th scope="col" className="p-3 font-semibold">
              Pairing
            </th>
            {columns.map((i) => (
              <th key={i} scope="col" className="p-3 font-semibold">
                Person {i + 1}
              </th>
            ))}
            <th scope="col" className="p-3 font-semibold">
              Status
            </th>
          </tr>
        </thead>
        <tbody className="max-sm:block">
          {rows.map((row) => (
            <tr
              key={row.id}
              className="border-t border-coffee-100 align-top max-sm:block max-sm:py-2 max-sm:first:border-t-0"
            >
              <td
                data-label="Pairing"
                className={`p-3 text-coffee-800 sm:min-w-36 max-sm:py-1 ${STACKED_CELL}`}
              >
                {row.pairing}
              </td>
              {columns.map((i) => {
                const person = row.people[i];
                return (
                  <td
                    key={i}
                    data-label={`Person ${i + 1}`}
                    className={`p-3 sm:max-w-64 max-sm:py-1 max-sm:empty:hidden ${STACKED_CELL}`}
                  >
                    {person && <PersonDetails person={person} status={row.status} />}
                  </td>
                );
              })}
              <td data-label="Status" className={`p-3 max-sm:py-1 ${STACKED_CELL}`}>
                <MatchStatusBadge status={row.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * One person of a match: name (with their time zone when the match spans zones), department,
 * e-mail, any note and their answer.
 */
function PersonDetails({
  person,
  status,
}: {
  person: PairingRow["people"][number];
  status: PairingRow["status"];
}) {
  return (
    <div className="grid gap-1">
      <span className="font-medium text-coffee-950">
        {person.name}
        {person.zone && (
          <span className="font-normal text-coffee-700"> · {zoneNameForPeople(person.zone)}</span>
        )}
      </span>
      {person.department && <span className="text-coffee-700">{person.department}</span>}
      <span className="text-coffee-700">
        <EmailAddress email={person.email} />
      </span>
      {person.note && (
        <span>
          <Badge
            color={person.note === LEFT_ALONE ? "yellow" : "grey"}
            className="whitespace-normal"
          >
            {person.note}
          </Badge>
        </span>
      )}
      <span>
        <AnswerBadge status={person.answer} tense={tenseOf(status)} who={person.name} />
      </span>
    </div>
  );
}
