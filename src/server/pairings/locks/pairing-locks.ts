import { and, asc, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { type PairingRow, pairings } from "../../db/schema";
import { peopleInRunningMatches } from "../scope/running-members";

/*
 * The `pairings` table's locks, and the reads made under them: the one lock discipline of
 * running pairings (docs/rounds.md, "Invariants of a round"). An operation that changes who is
 * in a running pairing's matches takes the pairing's row FOR UPDATE before it reads those
 * matches, and reads them again inside. Operations that may touch several pairings at once (a
 * deactivation, a whitelist removal) take every running pairing's row, in id order, so two of
 * them, or one of them and a re-pair, never wait on each other in a circle. Making a pairing
 * (a generation, a round's publish) holds the scope and month first, then the month's running
 * pairings FOR SHARE, then the chosen people's rows (people-locks.ts). No other module writes a
 * row lock or an advisory lock on pairings (src/server/locks-in-lock-modules.test.ts).
 */

/** The first key of the advisory locks on pairings; the second is the scope and month's hash. */
const SCOPE_MONTH_LOCK = "727100";
/** The first key of the lock that names completed pairing files, per file-name base. */
const COMPLETED_FILE_LOCK = "727101";

/**
 * Holds one scope's month: a generation, a round's draft edits and its publish take it first, so
 * a pairing made by hand and the round's never both appear, and an edit never interleaves with
 * the publish.
 */
export async function lockScopeMonth(tx: Tx, scopeKey: string, month: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${sql.raw(SCOPE_MONTH_LOCK)}, hashtext(${`${scopeKey}:${month}`}))`,
  );
}

/** Locks one pairing's row for a change of its matches; undefined when there is no such pairing. */
export async function lockPairing(tx: Tx, pairingId: number): Promise<PairingRow | undefined> {
  const [pairing] = await tx
    .select()
    .from(pairings)
    .where(eq(pairings.id, pairingId))
    .for("update");
  return pairing;
}

/** Locks every running pairing's row, lowest id first, for an operation that may change any of them. */
export async function lockRunningPairings(tx: Tx): Promise<PairingRow[]> {
  return tx
    .select()
    .from(pairings)
    .where(eq(pairings.status, "active"))
    .orderBy(asc(pairings.id))
    .for("update");
}

/**
 * Holds one pairing's row FOR SHARE for a member's answer: it waits for a re-pair, a report or a
 * Complete under way (they take the row FOR UPDATE), so the answer lands on the match as it is
 * after them. Undefined when there is no such pairing.
 */
export async function sharePairing(
  tx: Tx,
  pairingId: number,
): Promise<Pick<PairingRow, "status" | "month"> | undefined> {
  const [pairing] = await tx
    .select({ status: pairings.status, month: pairings.month })
    .from(pairings)
    .where(eq(pairings.id, pairingId))
    .for("share");
  return pairing;
}

/**
 * Holds the month's running pairings FOR SHARE (a re-pair of them, which takes FOR UPDATE, waits
 * or has finished) and answers who is in one of their running matches: a pairing being made may
 * place none of them.
 */
export async function holdRunningPairingsOfMonth(tx: Tx, month: string): Promise<Set<string>> {
  await tx
    .select({ id: pairings.id })
    .from(pairings)
    .where(and(eq(pairings.status, "active"), eq(pairings.month, month)))
    .orderBy(asc(pairings.id))
    .for("share");
  return peopleInRunningMatches(tx, month);
}

/** Serialises the naming of completed pairing files per base, so two never take one number. */
export async function lockCompletedFileNames(tx: Tx, base: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${sql.raw(COMPLETED_FILE_LOCK)}, hashtext(${base}))`,
  );
}
