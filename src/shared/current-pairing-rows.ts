import { chatHappened } from "./chat-happened";
import { toCsv } from "./csv";
import type { ConnectionStatus, MatchStatus } from "./enums";
import { exclusionLabels } from "./exclusions";
import { answerLook, matchStatusLooks, tenseOf } from "./match-states";
import { ALL_USERS_LABEL, pairingGroupLabel, readablePairingName } from "./pairing-file-names";
import {
  type CurrentPairingsResponse,
  monthDisplay,
  type PreviewMatch,
  type PreviewUser,
  type WaitingPerson,
} from "./pairings";
import { personName } from "./person-name";

export type RowPerson = {
  name: string;
  email: string;
  department: string;
  answer: ConnectionStatus;
  /** Why this person can no longer meet ("Opted out"), or that they are left without a partner. */
  note?: string;
  /** Their time zone, only when the members of their match are not all in one zone. */
  zone?: string;
};

/** One match of the current pairings, flattened for the table. */
export type PairingRow = {
  id: number;
  /** The pairing as every list names it ("November 2026 (run B) – Acme Corp", `readablePairingName`). */
  pairing: string;
  month: string;
  /** The pairing's group; null when the company has no groups (`pairingGroupLabel`). */
  group: string | null;
  status: MatchStatus;
  /** Whether the chat happened (src/shared/chat-happened.ts). */
  happened: boolean;
  people: RowPerson[];
};

export const LEFT_ALONE = "Left without a partner";

function person(
  user: PreviewUser,
  answer: ConnectionStatus | undefined,
  aloneUserId?: string,
): RowPerson {
  const note = user.away
    ? exclusionLabels[user.away].label
    : user.id && user.id === aloneUserId
      ? LEFT_ALONE
      : undefined;
  return {
    name: personName(user),
    email: user.email,
    department: user.department ?? "",
    answer: answer ?? "pending",
    ...(note ? { note } : {}),
  };
}

/** Someone left without a partner, with the partner(s) who can no longer meet and why. */
export type AlonePerson = { userId: string; name: string; formerPartners: string[] };

export function alonePeople(matches: PreviewMatch[]): AlonePerson[] {
  return matches.flatMap((m) => {
    const members = m.members;
    const alone = members.find((u) => u.id !== undefined && u.id === m.aloneUserId);
    if (!alone || !m.aloneUserId) return [];
    const formerPartners = members
      .filter((u) => u !== alone)
      .map(
        (u) =>
          `${personName(u)} (${u.away ? exclusionLabels[u.away].label.toLowerCase() : "away"})`,
      );
    return [{ userId: m.aloneUserId, name: personName(alone), formerPartners }];
  });
}

/** The people waiting for a partner in a pairing, as re-pair rows: "Ada Lovelace (left)". */
export function waitingPeople(waiting: WaitingPerson[]): AlonePerson[] {
  return waiting.map((w) => ({
    userId: w.userId,
    name: personName(w),
    formerPartners: w.formerPartners.map((name) => `${name} (left)`),
  }));
}

export function pairingRows(
  data: Pick<CurrentPairingsResponse, "pairings" | "matchesByPairing"> | undefined,
  named: { groups: boolean } = { groups: true },
): PairingRow[] {
  if (!data?.pairings) return [];
  return data.pairings.flatMap((pairing) =>
    (data.matchesByPairing[String(pairing.id)] ?? []).map((m) => ({
      id: m.id,
      pairing: readablePairingName(
        {
          month: pairing.month,
          runOfMonth: pairing.groupNumber,
          domainGroupName: pairing.domainGroupName,
        },
        named,
      ),
      month: monthDisplay(pairing.month),
      group: pairingGroupLabel(pairing.domainGroupName, named),
      status: m.status,
      happened: chatHappened({ status: m.status, members: m.members }),
      people: withZones(
        m.members,
        m.members.map((member) => person(member, member.connectionStatus, m.aloneUserId)),
      ),
    })),
  );
}

/** Each person's zone (an IANA name, written by the table), when the match's members are in more than one. */
function withZones(members: PreviewUser[], people: RowPerson[]): RowPerson[] {
  const zones = new Set(members.map((member) => member.timeZone));
  if (zones.size < 2 || zones.has(undefined)) return people;
  return people.map((p, i) => ({ ...p, zone: members[i].timeZone }));
}

const PAIRING_CSV_COLUMNS = [
  "month",
  "group",
  "status",
  "chat_happened",
  ...[1, 2, 3, 4].flatMap((n) =>
    ["name", "email", "department", "answer"].map((field) => `person${n}_${field}`),
  ),
];

/**
 * The rows as CSV, one line per match, in the table's words; the shared `toCsv` quotes every line
 * of a cell that would start a formula, so a spreadsheet never runs a name as one.
 */
export function pairingsCsv(rows: PairingRow[], options: { header?: boolean } = {}): string {
  const records = rows.map((row) => {
    const tense = tenseOf(row.status);
    const record: Record<string, string> = {
      month: row.month,
      group: row.group ?? ALL_USERS_LABEL,
      status: matchStatusLooks[row.status]?.label ?? row.status,
      chat_happened: row.happened ? "Yes" : "No",
    };
    for (const [i, p] of [0, 1, 2, 3].map((i) => [i, row.people[i]] as const)) {
      const n = i + 1;
      record[`person${n}_name`] = p?.name ?? "";
      record[`person${n}_email`] = p?.email ?? "";
      record[`person${n}_department`] = p?.department ?? "";
      record[`person${n}_answer`] = p ? answerLook(p.answer, tense).label : "";
    }
    return record;
  });
  return toCsv(PAIRING_CSV_COLUMNS, records, options);
}
