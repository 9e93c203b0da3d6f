import { type AnyColumn, asc, eq } from "drizzle-orm";
import type { PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../db/client";
import {
  activities,
  authCodes,
  checkIns,
  companyInquiries,
  emailVerifications,
  images,
  magicLinkTokens,
  matchBusyTimes,
  neverWith,
  pairings,
  passwordResetTokens,
  sessions,
  stillInQuestions,
  type UserRow,
} from "../db/schema";
import type { ExportSection } from "./personal-data";

/**
 * A table that holds a person's rows, found by one column (their id or their address): which
 * export section shows the rows and by which fields (docs/privacy.md, "What the export holds"),
 * and whether an erasure deletes them outright. The export and the erasure read this one list, so
 * a table of a person's rows is written down once (personal-data.ts says why each column is there).
 */
export interface PersonTable {
  section: ExportSection;
  table: PgTable;
  /** The column that names the person, and what of them it holds. */
  owner: { column: AnyColumn; by: "id" | "email" };
  fields: SelectedFields;
  orderBy?: AnyColumn;
  /** Several tables in one section: each row says which it came from. */
  kind?: string;
  /** An erasure deletes every row (sign-ins, calendar reads): they serve only the person. */
  erase?: "delete";
}

const signInFields = (t: typeof authCodes | typeof magicLinkTokens) => ({
  createdAt: t.createdAt,
  expiresAt: t.expiresAt,
  used: t.isUsed,
  usedAt: t.usedAt,
  ipAddress: t.ipAddress,
  userAgent: t.userAgent,
});

/** The tables of a person's rows that the export shows as they are, in its order. */
export const personTables: readonly PersonTable[] = [
  {
    section: "checkIns",
    table: checkIns,
    owner: { column: checkIns.userId, by: "id" },
    fields: {
      pairingId: checkIns.pairingId,
      matchId: checkIns.matchId,
      askedAt: checkIns.askedAt,
      remindedAt: checkIns.remindedAt,
    },
    orderBy: checkIns.askedAt,
  },
  {
    section: "busyTimes",
    table: matchBusyTimes,
    owner: { column: matchBusyTimes.userId, by: "id" },
    fields: {
      matchId: matchBusyTimes.matchId,
      busy: matchBusyTimes.busy,
      readFrom: matchBusyTimes.readFrom,
      readTo: matchBusyTimes.readTo,
      readAt: matchBusyTimes.readAt,
    },
    orderBy: matchBusyTimes.matchId,
    erase: "delete",
  },
  {
    section: "neverWith",
    table: neverWith,
    owner: { column: neverWith.userId, by: "id" },
    fields: { colleagueId: neverWith.otherId, addedAt: neverWith.addedAt },
    orderBy: neverWith.addedAt,
  },
  {
    section: "stillInQuestions",
    table: stillInQuestions,
    owner: { column: stillInQuestions.userId, by: "id" },
    fields: {
      scope: stillInQuestions.scopeKey,
      silentMonths: stillInQuestions.silentMonths,
      askedAt: stillInQuestions.askedAt,
      choice: stillInQuestions.choice,
      answeredAt: stillInQuestions.answeredAt,
    },
    orderBy: stillInQuestions.askedAt,
  },
  {
    section: "signInRequests",
    kind: "sign-in code",
    table: authCodes,
    owner: { column: authCodes.email, by: "email" },
    fields: signInFields(authCodes),
    erase: "delete",
  },
  {
    section: "signInRequests",
    kind: "sign-in link",
    table: magicLinkTokens,
    owner: { column: magicLinkTokens.email, by: "email" },
    fields: signInFields(magicLinkTokens),
    erase: "delete",
  },
  {
    section: "signInRequests",
    kind: "older sign-up or password-reset request",
    table: emailVerifications,
    owner: { column: emailVerifications.email, by: "email" },
    fields: { createdAt: emailVerifications.createdAt, used: emailVerifications.isUsed },
    erase: "delete",
  },
  {
    section: "signInRequests",
    kind: "older sign-up or password-reset request",
    table: passwordResetTokens,
    owner: { column: passwordResetTokens.email, by: "email" },
    fields: { createdAt: passwordResetTokens.createdAt, used: passwordResetTokens.isUsed },
    erase: "delete",
  },
  {
    section: "sessions",
    table: sessions,
    owner: { column: sessions.userId, by: "id" },
    fields: {
      kind: sessions.kind,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastAccessedAt,
      expiresAt: sessions.expiresAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
    },
    orderBy: sessions.createdAt,
    erase: "delete",
  },
  {
    section: "activity",
    table: activities,
    owner: { column: activities.userId, by: "id" },
    fields: {
      at: activities.at,
      kind: activities.kind,
      detail: activities.detail,
      data: activities.data,
    },
    orderBy: activities.at,
  },
  {
    section: "uploads",
    table: images,
    owner: { column: images.uploadedBy, by: "id" },
    fields: { filename: images.filename, purpose: images.purpose, createdAt: images.createdAt },
  },
  {
    section: "pairingsCreated",
    table: pairings,
    owner: { column: pairings.createdBy, by: "id" },
    fields: {
      id: pairings.id,
      name: pairings.name,
      month: pairings.month,
      createdAt: pairings.createdAt,
    },
  },
  {
    section: "inquiries",
    table: companyInquiries,
    owner: { column: companyInquiries.contactEmail, by: "email" },
    fields: {
      companyName: companyInquiries.companyName,
      expectedUsers: companyInquiries.expectedUsers,
      additionalInfo: companyInquiries.additionalInfo,
      ipAddress: companyInquiries.ipAddress,
      createdAt: companyInquiries.createdAt,
    },
  },
];

const ownedBy = (t: PersonTable, user: Pick<UserRow, "id" | "email">) =>
  eq(t.owner.column, t.owner.by === "id" ? user.id : user.email);

/** The person's rows of one table, as its section shows them. */
export async function rowsOf(
  db: Db,
  t: PersonTable,
  user: Pick<UserRow, "id" | "email">,
): Promise<Record<string, unknown>[]> {
  const query = db.select(t.fields).from(t.table).where(ownedBy(t, user));
  const rows: Record<string, unknown>[] = t.orderBy
    ? await query.orderBy(asc(t.orderBy))
    : await query;
  return t.kind ? rows.map((row) => ({ kind: t.kind, ...row })) : rows;
}

/** Deletes the person's rows of every table an erasure empties (`erase: "delete"`). */
export async function deleteRowsOf(tx: Tx, user: Pick<UserRow, "id" | "email">): Promise<void> {
  for (const t of personTables)
    if (t.erase === "delete") await tx.delete(t.table).where(ownedBy(t, user));
}
