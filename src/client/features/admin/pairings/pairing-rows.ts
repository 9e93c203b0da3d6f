import { toCsv } from "@shared/csv";
import type { ConnectionStatus, MatchStatus } from "@shared/enums";
import { answerLook, matchStatusLooks, tenseOf } from "@shared/match-states";
import { type CurrentPairingsResponse, monthDisplay, type PreviewUser } from "@shared/pairings";

export type RowPerson = {
  name: string;
  email: string;
  department: string;
  answer: ConnectionStatus;
};

/** One match of the current pairings, flattened for the table. */
export type PairingRow = {
  id: number;
  month: string;
  group: string;
  status: MatchStatus;
  people: RowPerson[];
};

function person(user: PreviewUser, answer: ConnectionStatus | undefined): RowPerson {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ").trim();
  return {
    name: name || user.email.split("@")[0] || "Unknown",
    email: user.email,
    department: user.department ?? "",
    answer: answer ?? "pending",
  };
}

export function pairingRows(data: CurrentPairingsResponse | undefined): PairingRow[] {
  if (!data?.pairings) return [];
  return data.pairings.flatMap((pairing) =>
    (data.matchesByPairing[String(pairing.id)] ?? []).map((m) => ({
      id: m.id,
      month: monthDisplay(pairing.month),
      group: pairing.domainGroupName ?? "All Users",
      status: m.status,
      people: [
        person(m.user1, m.user1ConnectionStatus),
        person(m.user2, m.user2ConnectionStatus),
        ...(m.user3 ? [person(m.user3, m.user3ConnectionStatus)] : []),
      ],
    })),
  );
}

/** Rows whose names, e-mails, departments, month or group contain every word of the query. */
export function filterRows(rows: PairingRow[], query: string): PairingRow[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return rows;
  return rows.filter((row) => {
    const text = [
      row.month,
      row.group,
      matchStatusLooks[row.status]?.label ?? row.status,
      ...row.people.flatMap((p) => [p.name, p.email, p.department]),
    ]
      .join(" ")
      .toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

const PAIRING_CSV_COLUMNS = [
  "month",
  "group",
  "status",
  ...[1, 2, 3].flatMap((n) =>
    ["name", "email", "department", "answer"].map((field) => `person${n}_${field}`),
  ),
];

/**
 * The rows as CSV, one line per match, in the table's words; the shared `toCsv` quotes every line
 * of a cell that would start a formula, so a spreadsheet never runs a name as one.
 */
export function pairingsCsv(rows: PairingRow[]): string {
  const records = rows.map((row) => {
    const tense = tenseOf(row.status);
    const record: Record<string, string> = {
      month: row.month,
      group: row.group,
      status: matchStatusLooks[row.status]?.label ?? row.status,
    };
    for (const [i, p] of [0, 1, 2].map((i) => [i, row.people[i]] as const)) {
      const n = i + 1;
      record[`person${n}_name`] = p?.name ?? "";
      record[`person${n}_email`] = p?.email ?? "";
      record[`person${n}_department`] = p?.department ?? "";
      record[`person${n}_answer`] = p ? answerLook(p.answer, tense).label : "";
    }
    return record;
  });
  return toCsv(PAIRING_CSV_COLUMNS, records);
}
