import { and, asc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { NoNewsletterReason } from "../../../shared/newsletters";
import { parseActivePairingFile } from "../../../shared/pairing-file-names";
import { type CompletedPairingContent, membersOfFileMatch } from "../../../shared/pairings";
import type { AppContext } from "../../context";
import { utcDayOf } from "../../dates/month-dates";
import {
  allowedEmails,
  completedPairings,
  domainGroups,
  matches,
  pairings,
  users,
} from "../../db/schema";
import { departmentNameSql } from "../../directory/departments/department-name";
import { NotFound } from "../../errors";
import { memberIdsSql, pairingMemberIdsSql } from "../../match-members/match-members";
import { eligibleSql, inScopeSql, type PairingScope } from "../../pairings/scope/scope";

/** One person as the newsletter needs them: to decide who receives it and to show them as a partner. */
export interface AudiencePerson {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  department: string | null;
  departmentDisplayName: string | null;
  bio: string | null;
  profileImageUrl: string | null;
  isActive: boolean;
  employeeStatus: string;
  participationStatus: string;
  whitelisted: boolean;
}

/** A match of the linked pairing; a member whose account is gone has `person: null`. */
export interface AudienceMatch {
  index: number;
  members: Array<{ email: string; person: AudiencePerson | null }>;
}

export interface PairingAudience {
  pairingFile: string;
  /** The pairing's month ("2027-03"). */
  month: string;
  matches: AudienceMatch[];
  /** Everyone ready to pair in the pairing's scope who is in none of its matches. */
  satOut: AudiencePerson[];
}

const CHUNK = 5000;

const personColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  department: users.department,
  departmentDisplayName: departmentNameSql(users.email, users.department),
  bio: users.bio,
  profileImageUrl: users.profileImageUrl,
  isActive: users.isActive,
  employeeStatus: users.employeeStatus,
  participationStatus: users.participationStatus,
};

export const pairingGoneMessage = (pairingFile: string) =>
  `The linked pairing ${pairingFile} no longer exists. Please choose another pairing.`;

/**
 * Loads the pairing a newsletter names (`current-pairing-{id}` or a completed record's file name)
 * with its members and, for the pairing's scope, who sat out. Active pairings and completed
 * records whose pairing still exists read the matches table; a record whose pairing was deleted is
 * read from its stored content, by e-mail.
 */
export async function loadPairingAudience(
  ctx: AppContext,
  pairingFile: string,
): Promise<PairingAudience> {
  const source = await resolveSource(ctx, pairingFile);
  if (source.pairingId !== null) {
    const found = await fromMatches(ctx, source.pairingId, source.scope);
    return { pairingFile, month: source.month, ...found };
  }
  const fileMatches = await matchesFromContent(ctx, source.content);
  const memberIds = fileMatches.flatMap((g) =>
    g.members.flatMap((m) => (m.person ? [m.person.id] : [])),
  );
  const satOut = source.scope ? await loadSatOut(ctx, source.scope, memberIds) : [];
  return { pairingFile, month: source.month, matches: fileMatches, satOut };
}

type Source = {
  pairingId: number | null;
  month: string;
  content: CompletedPairingContent | null;
  scope: PairingScope | null;
};

async function resolveSource(ctx: AppContext, pairingFile: string): Promise<Source> {
  const activeId = parseActivePairingFile(pairingFile);
  if (activeId !== null) {
    const [pairing] = await ctx.db.select().from(pairings).where(eq(pairings.id, activeId));
    if (!pairing) throw new NotFound(pairingGoneMessage(pairingFile));
    const scope = await scopeOf(ctx, pairing);
    return { pairingId: pairing.id, month: pairing.month, content: null, scope };
  }
  const [record] = await ctx.db
    .select({
      content: completedPairings.content,
      month: completedPairings.month,
      pairingId: pairings.id,
      domainGroupId: completedPairings.domainGroupId,
      domainGroupName: completedPairings.domainGroupName,
      scopeKey: pairings.scopeKey,
    })
    .from(completedPairings)
    .leftJoin(pairings, eq(pairings.id, completedPairings.pairingId))
    .where(eq(completedPairings.fileName, pairingFile));
  if (!record) throw new NotFound(pairingGoneMessage(pairingFile));
  return {
    pairingId: record.pairingId,
    month: record.month,
    content: record.content as CompletedPairingContent,
    scope: await scopeOf(ctx, {
      scopeKey: record.scopeKey ?? (record.domainGroupName === null ? "all" : null),
      domainGroupId: record.domainGroupId,
    }),
  };
}

/** The scope's group, when it still exists; unknown scopes have no sat-out list. */
async function scopeOf(
  ctx: AppContext,
  pairing: { scopeKey: string | null; domainGroupId: number | null },
): Promise<PairingScope | null> {
  if (pairing.scopeKey === "all") return { kind: "all" };
  if (pairing.domainGroupId === null) return null;
  const [group] = await ctx.db
    .select()
    .from(domainGroups)
    .where(eq(domainGroups.id, pairing.domainGroupId));
  return group ? { kind: "group", group } : null;
}

/**
 * Members and who sat out in one read of the users table: everyone who is in one of the pairing's
 * matches or is ready to pair in its scope (a sub-select, not thousands of id parameters).
 */
async function fromMatches(
  ctx: AppContext,
  pairingId: number,
  scope: PairingScope | null,
): Promise<Pick<PairingAudience, "matches" | "satOut">> {
  const rows = await ctx.db
    .select({ members: memberIdsSql(matches.id) })
    .from(matches)
    .where(eq(matches.pairingId, pairingId))
    .orderBy(asc(matches.id));
  const member = sql`${users.id} in ${pairingMemberIdsSql(pairingId)}`;
  const ready = scope
    ? (and(eligibleSql(utcDayOf(ctx.clock.now())), inScopeSql(scope)) as SQL)
    : sql`false`;
  const found = await ctx.db
    .select({ ...personColumns, ready: sql<boolean>`(${ready})` })
    .from(users)
    .where(or(member, ready));
  const people = await withWhitelist(
    ctx,
    found.map(({ ready: _ready, ...person }) => person),
  );
  const byId = new Map(people.map((p) => [p.id, p]));
  const memberIds = new Set<string>();
  const inPairing = rows.map((row, index) => ({
    index,
    members: row.members.map((id) => {
      memberIds.add(id);
      const person = byId.get(id) ?? null;
      return { email: person?.email ?? "", person };
    }),
  }));
  const readyIds = new Set(found.filter((f) => f.ready).map((f) => f.id));
  const satOut = people.filter((p) => readyIds.has(p.id) && !memberIds.has(p.id));
  return { matches: inPairing, satOut };
}

async function matchesFromContent(
  ctx: AppContext,
  content: CompletedPairingContent | null,
): Promise<AudienceMatch[]> {
  const records = content?.matches ?? [];
  const emailsOf = (m: CompletedPairingContent["matches"][number]) =>
    membersOfFileMatch(m).map((p) => p.email);
  const emails = records.flatMap(emailsOf).map((e) => e.toLowerCase());
  const people = await loadPeople(
    ctx,
    (chunk) => inArray(sql`lower(${users.email})`, chunk),
    emails,
  );
  const byEmail = new Map(people.map((p) => [p.email.toLowerCase(), p]));
  return records.map((record, index) => ({
    index,
    members: emailsOf(record).map((email) => ({
      email,
      person: byEmail.get(email.toLowerCase()) ?? null,
    })),
  }));
}

async function loadSatOut(
  ctx: AppContext,
  scope: PairingScope,
  memberIds: string[],
): Promise<AudiencePerson[]> {
  const today = utcDayOf(ctx.clock.now());
  const rows = await ctx.db
    .select(personColumns)
    .from(users)
    .where(and(eligibleSql(today), inScopeSql(scope)));
  const members = new Set(memberIds);
  return withWhitelist(
    ctx,
    rows.filter((row) => !members.has(row.id)),
  );
}

async function loadPeople(
  ctx: AppContext,
  where: (chunk: string[]) => SQL,
  keys: string[],
): Promise<AudiencePerson[]> {
  const unique = [...new Set(keys)];
  const rows = [];
  for (let i = 0; i < unique.length; i += CHUNK) {
    rows.push(
      ...(await ctx.db
        .select(personColumns)
        .from(users)
        .where(where(unique.slice(i, i + CHUNK)))),
    );
  }
  return withWhitelist(ctx, rows);
}

type PersonRow = Omit<AudiencePerson, "whitelisted">;

/** Adds whitelist membership, in one query for everyone. */
async function withWhitelist(ctx: AppContext, rows: PersonRow[]): Promise<AudiencePerson[]> {
  const allowed = await loadWhitelist(ctx);
  return rows.map((r) => ({ ...r, whitelisted: allowed(r.email) }));
}

/**
 * The whitelist's membership rule (src/server/auth/whitelist-lookup.ts) in memory: an active
 * entry for the exact address or for `*@` its domain. One query instead of one sub-select per person.
 */
async function loadWhitelist(ctx: AppContext): Promise<(email: string) => boolean> {
  const rows = await ctx.db
    .select({ email: allowedEmails.email })
    .from(allowedEmails)
    .where(eq(allowedEmails.isActive, true));
  const entries = new Set(rows.map((r) => r.email));
  return (email) => {
    const lower = email.toLowerCase();
    return entries.has(lower) || entries.has(`*@${lower.slice(lower.lastIndexOf("@") + 1)}`);
  };
}

/** Who may receive a newsletter at all: an existing, active, whitelisted, not opted-out account. */
export function canReceive(person: AudiencePerson | null): person is AudiencePerson {
  return person !== null && whyNoNewsletter(person) === null;
}

/** Why `person` may receive no newsletter at all (canReceive's rule), or null when they may. */
export function whyNoNewsletter(
  person: AudiencePerson,
): Extract<NoNewsletterReason, "deactivated" | "opted-out" | "not-whitelisted"> | null {
  if (!person.isActive || person.employeeStatus === "inactive") return "deactivated";
  if (person.participationStatus === "opted_out") return "opted-out";
  if (!person.whitelisted) return "not-whitelisted";
  return null;
}

/** One account by address (any case), as the audience reads people; undefined when none. */
export async function findAudiencePerson(
  ctx: AppContext,
  email: string,
): Promise<AudiencePerson | undefined> {
  const [person] = await loadPeople(ctx, (chunk) => inArray(sql`lower(${users.email})`, chunk), [
    email.toLowerCase(),
  ]);
  return person;
}
