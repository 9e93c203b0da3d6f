import { hash, randomBytes } from "node:crypto";
import DataLoader from "dataloader";
import { and, eq, getTableColumns, gt, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { SessionKind } from "../../shared/enums";
import type { AppContext } from "../context";
import type { Db } from "../db/client";
import { sessions, type UserRow, users } from "../db/schema";

export const SESSION_COOKIE = "auth_session";
export const SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 90 * 24 * 60 * 60 * 1000;
/** lastAccessedAt is refreshed at most this often, so reads do not write on every request. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/** SHA-256 in hex, in one call (no Hash object per request: every API request hashes its cookie). */
export function hashSecret(value: string): string {
  return hash("sha256", value, "hex");
}

/** How many cookie values' hashes each process remembers (about 200 bytes each). */
const REMEMBERED_HASHES = 20_000;
const hashOfCookie = new Map<string, string>();
/** The length of a cookie value this app issues (32 random bytes in base64url). */
const ISSUED_TOKEN_LENGTH = 43;

/**
 * The stored hash of a session cookie's value. The hash of a value never changes, so the values
 * seen lately keep theirs (a pure function remembered, not a session: every read still looks the
 * hash up in the database); a SHA-256 per API request was about 3 µs of the server's CPU
 * (docs/performance.md, "Hot API path"). Only values of an issued token's length are kept, so
 * cookies of any other size, sent to fill the memory, are hashed and forgotten.
 */
export function sessionHashOf(token: string): string {
  if (token.length !== ISSUED_TOKEN_LENGTH) return hashSecret(token);
  let hashed = hashOfCookie.get(token);
  if (hashed === undefined) {
    hashed = hashSecret(token);
    if (hashOfCookie.size >= REMEMBERED_HASHES) hashOfCookie.clear();
    hashOfCookie.set(token, hashed);
  }
  return hashed;
}

/** Starts a new session (a new id at every sign-in) and sets the cookie. */
export async function startSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  kind: SessionKind,
  db: Db = ctx.db,
): Promise<void> {
  const previous = request.cookies[SESSION_COOKIE];
  if (previous) await db.delete(sessions).where(eq(sessions.sessionHash, hashSecret(previous)));
  const token = randomBytes(32).toString("base64url");
  const now = ctx.clock.now();
  await db.insert(sessions).values({
    sessionHash: hashSecret(token),
    userId,
    kind,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
    lastAccessedAt: now,
    ipAddress: request.ip,
    userAgent: request.headers["user-agent"]?.slice(0, 500) ?? null,
  });
  reply.header("Cache-Control", "no-store");
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: ctx.config.secureCookies,
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  });
}

export async function endSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const token = request.cookies[SESSION_COOKIE];
  if (token) await ctx.db.delete(sessions).where(eq(sessions.sessionHash, hashSecret(token)));
  reply.header("Cache-Control", "no-store");
  reply.clearCookie(SESSION_COOKIE, { path: "/" });
}

/** The user a session carries into every request: the row without the password hash. */
export type SignedInUser = Omit<UserRow, "passwordHash">;
const { passwordHash: _hash, ...signedInUserColumns } = getTableColumns(users);
export { signedInUserColumns };

export interface SessionUser<U = SignedInUser> {
  user: U;
  kind: SessionKind;
}

/**
 * An employee session is valid only while the person's address matches an active whitelist
 * entry; an admin session (password sign-in of an admin account) needs no entry. Same rule as
 * `whitelistEntrySql` in src/server/auth/whitelist-lookup.ts.
 */
const mayStaySignedIn = sql<boolean>`((${sessions.kind} = 'admin' and ${users.isAdmin}) or exists (
  select 1 from allowed_emails a where a.is_active
  and a.email in (lower(${users.email}), '*@' || split_part(lower(${users.email}), '@', 2))))`;

/**
 * Whether lastAccessedAt is due its refresh, decided in the statement against its `now`: a
 * boolean is cheaper to read than a timestamp made into a Date for every session of every read.
 * `now` goes through the column's encoder (an ISO string), as in the rules below: `pg`'s own
 * conversion of a Date works out the local time zone, several microseconds a statement.
 */
const touchDue = sql<boolean>`(${sessions.lastAccessedAt} + ${sql.raw(
  `interval '${TOUCH_INTERVAL_MS} milliseconds'`,
)}) < ${sql.param(sql.placeholder("now"), sessions.lastAccessedAt)}`;

/** What every session lookup selects besides the user: the session and the whitelist check. */
export const sessionSelection = {
  sessionId: sessions.id,
  kind: sessions.kind,
  touchDue,
  allowed: mayStaySignedIn,
};

const liveSessionRules = [
  eq(sessions.isActive, true),
  eq(users.isActive, true),
  // Through the columns' encoders, as touchDue's `now`.
  gt(sessions.expiresAt, sql.param(sql.placeholder("now"), sessions.expiresAt)),
  gt(sessions.lastAccessedAt, sql.param(sql.placeholder("idleSince"), sessions.lastAccessedAt)),
];

/** A live session for the placeholders `hash`, `now` and `idleSince` (see sessionLookupValues). */
export const liveSessionCondition = and(
  eq(sessions.sessionHash, sql.placeholder("hash")),
  ...liveSessionRules,
);

/** The live sessions among the placeholder `hashes` (an array), with `now` and `idleSince`. */
export const liveSessionsCondition = and(
  sql`${sessions.sessionHash} = any(${sql.placeholder("hashes")})`,
  ...liveSessionRules,
);

/** The placeholders `now` and `idleSince` of a session lookup at the clock's time. */
export function sessionTimes(ctx: AppContext) {
  const now = ctx.clock.now();
  return { now, idleSince: new Date(now.getTime() - SESSION_IDLE_MS) };
}

export function sessionLookupValues(ctx: AppContext, token: string) {
  return { hash: sessionHashOf(token), ...sessionTimes(ctx) };
}

/** At most this many sessions per statement; more are split across statements sent together. */
const MAX_SESSION_BATCH = 100;

/** A prepared statement over the live sessions among the placeholder `hashes` (each row's `hash`). */
interface SessionsStatement<Row extends { hash: string }> {
  execute(values: { hashes: string[]; now: Date; idleSince: Date }): Promise<Row[]>;
}

/**
 * One loader per app context that looks sessions up by hash together: the requests that arrive
 * in the same turn of the event loop share one statement, started after each of them arrived, so
 * every request is still checked in the database (decision 0029; docs/sign-in.md, "Sessions").
 * Nothing is kept between reads (`cache: false`); setImmediate gathers the reads of every
 * connection whose request arrived in this turn, not only one socket's.
 */
export function sessionBatchLoader<Row extends { hash: string }>(
  prepare: (ctx: AppContext) => SessionsStatement<Row>,
): (ctx: AppContext) => DataLoader<string, Row | null> {
  const loaders = new WeakMap<AppContext, DataLoader<string, Row | null>>();
  return (ctx) => {
    let loader = loaders.get(ctx);
    if (!loader) {
      const statement = prepare(ctx);
      loader = new DataLoader(
        async (hashes) => {
          const rows = await statement.execute({
            hashes: [...new Set(hashes)],
            ...sessionTimes(ctx),
          });
          const byHash = new Map(rows.map((row) => [row.hash, row]));
          return hashes.map((hash) => byHash.get(hash) ?? null);
        },
        {
          cache: false,
          maxBatchSize: MAX_SESSION_BATCH,
          batchScheduleFn: (run) => setImmediate(run),
        },
      );
      loaders.set(ctx, loader);
    }
    return loader;
  };
}

/**
 * The session lookup every API request makes: the live sessions among a batch of hashes, with
 * their users and the whitelist check, in one prepared statement (drizzle re-building the same
 * SQL on every request cost more CPU than the query itself; see docs/performance.md). A route
 * whose own statement joins the same lookup skips this one (see sessionInRoute).
 */
export function sessionsUserQuery(db: Db) {
  return db
    .select({ ...sessionSelection, hash: sessions.sessionHash, user: signedInUserColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(liveSessionsCondition);
}

/** The session lookup of every request, batched per turn (sessionBatchLoader). */
const sessionLoaderOf = sessionBatchLoader((ctx) =>
  sessionsUserQuery(ctx.db).prepare("sessions_user"),
);

/**
 * The signed-in user and the kind of session for a cookie value, or null when absent, unknown,
 * idle too long or expired. A person no longer on the whitelist has their employee sessions
 * deleted here (signed out).
 */
export async function findSessionUser(ctx: AppContext, token: string): Promise<SessionUser | null> {
  const row = await sessionLoaderOf(ctx).load(sessionHashOf(token));
  if (!row) return null;
  const { hash: _hash, ...found } = row;
  return settleSession(ctx, found);
}

/** What settleSession needs of the user; a route's own lookup may select no more. */
type SessionPerson = Pick<UserRow, "id" | "isAdmin">;

export interface SessionLookupRow<U extends SessionPerson = SignedInUser> {
  sessionId: number;
  kind: SessionKind;
  /** lastAccessedAt is older than the refresh interval at the statement's `now`. */
  touchDue: boolean;
  allowed: boolean;
  user: U;
}

/**
 * What a found session means: null (and the person's employee sessions deleted) when the
 * whitelist no longer admits them, else the user; refreshes lastAccessedAt at most once a minute.
 */
export async function settleSession<U extends SessionPerson>(
  ctx: AppContext,
  row: SessionLookupRow<U>,
): Promise<SessionUser<U> | null> {
  if (!row.allowed) {
    // An admin's own admin sessions stay: admins need no whitelist entry.
    const kept = row.user.isAdmin ? eq(sessions.kind, "employee") : undefined;
    await ctx.db.delete(sessions).where(and(eq(sessions.userId, row.user.id), kept));
    return null;
  }
  if (row.touchDue) {
    await ctx.db
      .update(sessions)
      .set({ lastAccessedAt: ctx.clock.now() })
      .where(eq(sessions.id, row.sessionId));
  }
  return { user: row.user, kind: row.kind };
}
