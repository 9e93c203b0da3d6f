import { eq, sql } from "drizzle-orm";
import { sessionUserSchema } from "../../shared/auth";
import type { AppContext } from "../context";
import type { Db } from "../db/client";
import { sessions, users } from "../db/schema";
import { type SerialisedJson, serialiseAnswer } from "../http/table/send-serialised";
import { presentUser } from "./present-user";
import {
  liveSessionsCondition,
  sessionBatchLoader,
  sessionHashOf,
  sessionSelection,
  settleSession,
  signedInUserColumns,
} from "./session-store";

/*
 * GET /api/auth/user, which every page asks. Every read looks the session up in the database
 * with every rule of a session (live, not idle, not expired, the account active, the address
 * still admitted), in a statement shared by the reads that arrive in the same turn of the event
 * loop (sessionBatchLoader). That statement reads the user's row version (PostgreSQL's `xmin`,
 * new with every change of the row) instead of the row: while it is the version the kept answer
 * was made from, and the session's kind is the same, the kept answer goes out as it was
 * serialised; otherwise the row is read and the answer made and kept again (docs/sign-in.md,
 * "Sessions"). Each app process keeps its own answers; the version lives in the database, so none
 * answers from an older row than the one it just checked.
 */

/** The row version as text: a transaction id, the same for every change made in one transaction. */
const rowVersionSql = sql<string>`${users}.xmin::text`;

function sessionVersionsQuery(db: Db) {
  return db
    .select({
      ...sessionSelection,
      hash: sessions.sessionHash,
      user: { id: users.id, isAdmin: users.isAdmin },
      rowVersion: rowVersionSql,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(liveSessionsCondition);
}

const sessionVersionsOf = sessionBatchLoader((ctx) =>
  sessionVersionsQuery(ctx.db).prepare("sessions_user_version"),
);

function userWithVersionQuery(db: Db) {
  return db
    .select({ user: signedInUserColumns, rowVersion: rowVersionSql })
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .prepare("user_with_version");
}

interface KeptAnswer {
  rowVersion: string;
  kind: string;
  body: SerialisedJson;
}

/** At most this many sessions' answers (about 1 kB each) per process; the oldest go first. */
const KEPT_SESSIONS = 20_000;

class KeptAnswers {
  private readonly answers = new Map<string, KeptAnswer>();

  get(hash: string) {
    return this.answers.get(hash);
  }

  set(hash: string, answer: KeptAnswer) {
    this.answers.delete(hash);
    this.answers.set(hash, answer);
    if (this.answers.size > KEPT_SESSIONS) {
      const oldest = this.answers.keys().next().value;
      if (oldest !== undefined) this.answers.delete(oldest);
    }
  }
}

const keptOf = new WeakMap<
  Db,
  { answers: KeptAnswers; userRow: ReturnType<typeof userWithVersionQuery> }
>();

function stateOf(db: Db) {
  let state = keptOf.get(db);
  if (!state) {
    state = { answers: new KeptAnswers(), userRow: userWithVersionQuery(db) };
    keptOf.set(db, state);
  }
  return state;
}

/**
 * The serialised answer of GET /api/auth/user for the session the cookie value `token` names, or
 * null when there is no live session (every session rule applies, see settleSession).
 */
export async function currentUserAnswer(
  ctx: AppContext,
  token: string,
): Promise<SerialisedJson | null> {
  const hash = sessionHashOf(token);
  const row = await sessionVersionsOf(ctx).load(hash);
  if (!row) return null;
  const { hash: _hash, rowVersion, ...found } = row;
  const session = await settleSession(ctx, found);
  if (!session) return null;
  const state = stateOf(ctx.db);
  const kept = state.answers.get(hash);
  if (kept && kept.rowVersion === rowVersion && kept.kind === session.kind) return kept.body;
  const [fresh] = await state.userRow.execute({ id: session.user.id });
  if (!fresh) return null;
  const body = serialiseAnswer(sessionUserSchema, presentUser(fresh.user, session.kind));
  state.answers.set(hash, { rowVersion: fresh.rowVersion, kind: session.kind, body });
  return body;
}
