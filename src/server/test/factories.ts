import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { CheckInAnswer } from "../../shared/check-in-answers";
import type { SessionKind } from "../../shared/enums";
import type { EmailLogEntry } from "../../shared/newsletters";
import { hashPassword } from "../auth/password";
import { hashSecret, SESSION_COOKIE } from "../auth/session-store";
import { isEmailAllowed } from "../auth/whitelist-lookup";
import type { Db } from "../db/client";
import {
  activities,
  allowedEmails,
  departments,
  domainGroups,
  emailLogs,
  type matches,
  type NewUserRow,
  newsletters,
  pairings,
  roundSettings,
  sessions,
  users,
} from "../db/schema";
import { insertMatches } from "../match-members/match-members";
import { writeLogEntries } from "../newsletters/email-logs/log-entries";

let sequence = 0;
const next = () => ++sequence;

/**
 * The password hash of the accounts made here: scrypt as the app makes it, at a 32nd of the cost.
 * A hash carries its own cost and sign-in checks it by that, so the app still runs the real scrypt
 * on every password it is sent; the cost itself is tested in auth/password.test.ts. At the app's
 * cost each sign-in with such an account took about 0.12 s of CPU (decision 0098;
 * docs/performance.md, "The unit files' CPU: the password hashes").
 */
const TEST_PASSWORD_COST = { N: 2 ** 10, r: 8, p: 1 };

/** A validated employee with a complete profile unless overridden. */
export async function createUser(
  db: Db,
  overrides: Partial<NewUserRow> & { password?: string } = {},
) {
  const n = next();
  const { password, ...fields } = overrides;
  const [user] = await db
    .insert(users)
    .values({
      email: `user${n}-${randomBytes(3).toString("hex")}@acme.test`,
      firstName: `First${n}`,
      lastName: `Last${n}`,
      department: "engineering",
      isEmailVerified: true,
      isValidated: true,
      validatedAt: new Date(),
      needsProfileSetup: false,
      authMethod: "code",
      passwordHash: password ? await hashPassword(password, TEST_PASSWORD_COST) : undefined,
      ...fields,
    })
    .returning();
  return user;
}

export function createAdmin(db: Db, overrides: Partial<NewUserRow> & { password?: string } = {}) {
  return createUser(db, { isAdmin: true, authMethod: "password", ...overrides });
}

export async function createGroup(
  db: Db,
  overrides: Partial<typeof domainGroups.$inferInsert> = {},
) {
  const n = next();
  const [group] = await db
    .insert(domainGroups)
    .values({ name: `group-${n}`, displayName: `Group ${n}`, ...overrides })
    .returning();
  return group;
}

export async function createDepartment(
  db: Db,
  overrides: Partial<typeof departments.$inferInsert> = {},
) {
  const n = next();
  const [department] = await db
    .insert(departments)
    .values({ name: `dept-${n}`, displayName: `Department ${n}`, ...overrides })
    .returning();
  return department;
}

/**
 * A domain group with its "Other" and an "eng" (Engineering) department, whose whole `domain` is
 * whitelisted into it: the company a new employee of a story signs up to.
 */
export async function createWhitelistedGroup(
  db: Db,
  options: { displayName: string; domain: string },
) {
  const group = await createGroup(db, { displayName: options.displayName });
  await createDepartment(db, { name: "Other", displayName: "Other", domainGroupId: group.id });
  await createDepartment(db, { name: "eng", displayName: "Engineering", domainGroupId: group.id });
  await allowEmail(db, `*@${options.domain}`, group.id);
  return group;
}

/** Whitelists an address or `*@domain`. */
export async function allowEmail(db: Db, email: string, domainGroupId: number | null = null) {
  const domain = email.split("@")[1];
  const [entry] = await db
    .insert(allowedEmails)
    .values({ email, domain, domainGroupId })
    .returning();
  return entry;
}

/**
 * A session for the user, as the `cookie` header value an `app.inject` call sends; `now` for a
 * test clock. An admin account gets an admin session (as the password sign-in gives) unless
 * `kind` says otherwise; an employee session needs a whitelisted address, so the address is
 * whitelisted (without a group) when no active entry matches it yet.
 */
export async function signIn(
  db: Db,
  user: { id: string },
  options: { now?: Date; kind?: SessionKind } = {},
): Promise<string> {
  const [account] = await db
    .select({ email: users.email, isAdmin: users.isAdmin })
    .from(users)
    .where(eq(users.id, user.id));
  const kind = options.kind ?? (account.isAdmin ? "admin" : "employee");
  if (kind === "employee" && !(await isEmailAllowed(db, account.email))) {
    await allowEmail(db, account.email);
  }
  const token = randomBytes(32).toString("base64url");
  const now = options.now?.getTime() ?? Date.now();
  await db.insert(sessions).values({
    sessionHash: hashSecret(token),
    userId: user.id,
    kind,
    expiresAt: new Date(now + 24 * 60 * 60 * 1000),
    lastAccessedAt: new Date(now),
  });
  return `${SESSION_COOKIE}=${token}`;
}

/** A new admin's session cookie (see createAdmin and signIn). */
export async function signInAdmin(
  db: Db,
  overrides: Partial<NewUserRow> & { password?: string } = {},
  options: { now?: Date; kind?: SessionKind } = {},
): Promise<string> {
  return signIn(db, await createAdmin(db, overrides), options);
}

/** A pairing (company-wide unless overridden) for the given month, default "2027-03". */
export async function createPairing(db: Db, overrides: Partial<typeof pairings.$inferInsert> = {}) {
  const n = next();
  const month = overrides.month ?? "2027-03";
  const [pairing] = await db
    .insert(pairings)
    // A test's running month was announced unless it says otherwise (`announcedAt: null`).
    .values({
      name: `Pairing ${n}`,
      month,
      scopeKey: `test-${n}`,
      announcedAt: new Date(0),
      ...overrides,
    })
    .returning();
  return pairing;
}

/** A pairing scoped to a domain group (its scope key, id and name), for the given overrides. */
export function createGroupPairing(
  db: Db,
  group: { id: number; displayName: string },
  overrides: Partial<typeof pairings.$inferInsert> = {},
) {
  return createPairing(db, {
    scopeKey: String(group.id),
    domainGroupId: group.id,
    domainGroupName: group.displayName,
    ...overrides,
  });
}

/**
 * A match of 2 to 4 users (in the given order), with their answers and answer times when given;
 * creates its pairing unless one is given.
 */
export async function createMatch(
  db: Db,
  options: {
    members: readonly { id: string }[];
    /** Each member's stored answer (null or left out: none yet). */
    answers?: readonly (CheckInAnswer | null)[];
    answeredAt?: readonly (Date | null)[];
    pairing?: { id: number; month: string };
  } & Partial<typeof matches.$inferInsert>,
) {
  const { members, answers = [], answeredAt = [], pairing: given, ...fields } = options;
  const pairing = given ?? (await createPairing(db, fields.month ? { month: fields.month } : {}));
  const [match] = await insertMatches(db, [
    {
      pairingId: pairing.id,
      month: pairing.month,
      ...fields,
      members: members.map((m, i) => ({
        userId: m.id,
        answer: answers[i] ?? null,
        answeredAt: answeredAt[i] ?? null,
      })),
    },
  ]);
  return match;
}

/** A newsletter (a draft for March 2027 unless overridden); list fields as JSON text. */
export async function createNewsletter(
  db: Db,
  overrides: Partial<typeof newsletters.$inferInsert> = {},
) {
  const [newsletter] = await db
    .insert(newsletters)
    .values({
      month: 3,
      year: 2027,
      title: "Cup of Joe - March 2027",
      subject: "Cup of Joe - March 2027 Newsletter",
      ...overrides,
    })
    .returning();
  return newsletter;
}

/** A finished send's log; entries default to one successful send per given address. */
export async function createEmailLog(
  db: Db,
  overrides: Partial<typeof emailLogs.$inferInsert> & {
    recipients?: string[];
    entries?: EmailLogEntry[];
  } = {},
) {
  const n = next();
  const { recipients = [`user${n}@acme.test`], entries: given, ...fields } = overrides;
  const sentAt = fields.sentAt ?? new Date("2027-03-05T09:00:00Z");
  const entries =
    given ??
    recipients.map((email) => ({
      user_email: email,
      match_email: null,
      send_status: "success",
      match_validated: true,
      timestamp: sentAt.toISOString(),
      error_message: null,
      error_code: null,
      failure_reason: null,
      validation_issues: [],
    }));
  const [log] = await db
    .insert(emailLogs)
    .values({
      newsletterId: 100_000 + n,
      newsletterTitle: `Newsletter ${n}`,
      month: 3,
      year: 2027,
      sentAt,
      totalRecipients: entries.length,
      successfulSends: entries.length,
      failedSends: 0,
      matchValidationSummary: { total_matches: 0, validated_matches: 0, mismatches: 0 },
      ...fields,
    })
    .returning();
  await writeLogEntries(db, log.id, entries);
  return log;
}

/**
 * An approved newsletter linked to an active pairing (`current-pairing-{id}`) of whitelisted
 * employees, paired two by two (a trio takes the odd one). Each call uses its own month.
 */
export async function createSendableNewsletter(
  db: Db,
  options: { emails?: string[]; people?: number } & Partial<typeof newsletters.$inferInsert> = {},
) {
  const { emails, people = 4, ...overrides } = options;
  const n = next();
  const addresses =
    emails ?? Array.from({ length: people }, (_, i) => `reader${n}-${i + 1}@acme.test`);
  const members = [];
  for (const email of addresses) {
    members.push(await createUser(db, { email }));
    await allowEmail(db, email);
  }
  const pairing = await createPairing(db);
  for (let i = 0; i + 1 < members.length; i += 2) {
    const trio = i + 3 === members.length ? members[i + 2] : undefined;
    await createMatch(db, { members: members.slice(i, i + (trio ? 3 : 2)), pairing });
    if (trio) break;
  }
  const newsletter = await createNewsletter(db, {
    year: 2100 + (n % 7000),
    month: 1 + (n % 12),
    status: "approved",
    approvedAt: new Date(),
    pairingFile: `current-pairing-${pairing.id}`,
    ...overrides,
  });
  return { newsletter, pairing, members };
}

/** One activity entry (a round published, by default) at the given time. */
export async function createActivity(
  db: Db,
  overrides: Partial<typeof activities.$inferInsert> = {},
) {
  const [activity] = await db
    .insert(activities)
    .values({
      at: new Date("2027-03-01T09:00:00Z"),
      kind: "round.published",
      detail: `Activity ${next()}`,
      ...overrides,
    })
    .returning();
  return activity;
}

/** A scope's round settings (company-wide, with the defaults, unless overridden). */
export async function createRoundSettings(
  db: Db,
  overrides: Partial<typeof roundSettings.$inferInsert> = {},
) {
  const [row] = await db
    .insert(roundSettings)
    .values({ scopeKey: "all", ...overrides })
    .returning();
  return row;
}

/**
 * The tables with a row whose text (any column, JSON included) holds `needle`, case-insensitively:
 * the search that shows an erased or anonymised person left no trace (docs/privacy.md).
 */
export async function tablesHolding(
  db: Db,
  needle: string,
  except: readonly string[] = [],
): Promise<string[]> {
  const result = await db.execute(sql`select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
  const tables = (result as unknown as { rows: Array<{ table_name: string }> }).rows;
  const found: string[] = [];
  for (const { table_name } of tables) {
    if (except.includes(table_name)) continue;
    const hits = await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table_name)} r where strpos(lower(r::text), lower(${needle})) > 0`,
    );
    if (Number((hits as unknown as { rows: Array<{ n: number }> }).rows[0].n) > 0)
      found.push(table_name);
  }
  return found;
}

let runningCompanies = 0;

/**
 * A company of its own — a group with its whitelisted domain — and its running pairing for
 * `month` (with the `pairing` fields given): `person("Ada")` makes ada@<domain> ("Ada Test", with
 * `personDefaults` under the given fields), `match(a, b, …)` a match of 2 to 4 of them in that
 * pairing, `matchOfFour()` four new people and their match. Each call makes a new domain, so the
 * tests of one file never meet.
 */
export async function createRunningCompany(
  db: Db,
  options: {
    name?: string;
    month?: string;
    pairingName?: string;
    pairing?: Partial<typeof pairings.$inferInsert>;
    personDefaults?: Partial<NewUserRow>;
  } = {},
) {
  const n = ++runningCompanies;
  const name = options.name ?? "Company";
  const domain = `${name.toLowerCase().replace(/[^a-z0-9]+/g, "")}${n}.test`;
  const group = await createGroup(db, { displayName: `${name} ${n}` });
  await allowEmail(db, `*@${domain}`, group.id);
  const pairing = await createGroupPairing(db, group, {
    month: options.month ?? "2027-03",
    ...(options.pairingName ? { name: options.pairingName } : {}),
    ...options.pairing,
  });
  const person = (first: string, fields: Partial<NewUserRow> = {}) =>
    createUser(db, {
      email: `${first.toLowerCase()}@${domain}`,
      firstName: first,
      lastName: "Test",
      ...options.personDefaults,
      ...fields,
    });
  const match = (...members: { id: string }[]) => createMatch(db, { members, pairing });
  /** Four people of the company, named in this order, in one match of the running pairing. */
  const matchOfFour = async (
    names: readonly [string, string, string, string] = ["Ana", "Bo", "Cai", "Dov"],
  ) => {
    const four = [];
    for (const first of names) four.push(await person(first));
    return { four, match: await match(...four) };
  };
  return { group, domain, pairing, person, match, matchOfFour };
}

/**
 * The people of a company-wide round: everyone at `domain` whitelisted (in no domain group), an
 * admin boss@<domain> who is opted out (so never paired), and one person per name (name@<domain>,
 * with `fields` of their own), made in the order given.
 */
export async function createCompanyWidePeople(
  db: Db,
  domain: string,
  names: readonly string[],
  fields: (name: string) => Partial<NewUserRow> = () => ({}),
) {
  await allowEmail(db, `*@${domain}`);
  const admin = await createAdmin(db, {
    email: `boss@${domain}`,
    participationStatus: "opted_out",
  });
  const people = [];
  for (const name of names) {
    people.push(await createUser(db, { email: `${name}@${domain}`, ...fields(name) }));
  }
  return { admin, people };
}

/**
 * A member of a running match stored as paused while still in it, as a status written by an
 * older version or straight into the database leaves them: away from the match (its partner left
 * alone), unlike a pause chosen in the app, which takes them out of it, or "Skip next month",
 * which keeps them in it (docs/check-ins.md).
 */
export async function pauseInPlace(db: Db, user: { id: string }, until = "2099-01-01") {
  await db
    .update(users)
    .set({
      participationStatus: "paused",
      pauseStartDate: "2000-01-01",
      pauseEndDate: until,
      pauseReason: "temporary",
    })
    .where(eq(users.id, user.id));
}
