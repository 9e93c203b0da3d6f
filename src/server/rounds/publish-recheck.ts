import { recordActivity } from "../activity/activity";
import type { AppContext } from "../context";
import { utcDayOf } from "../dates/month-dates";
import type { Tx } from "../db/client";
import { PARTNER_LEFT_KIND, type PartnerLeftData } from "../pairings/current/partner-left";
import { holdRunningPairingsOfMonth } from "../pairings/locks/pairing-locks";
import { lockChosenPeople } from "../pairings/locks/people-locks";
import { awayReasonsOf } from "../pairings/scope/member-availability";

/** Reasons a drafted person no longer takes part by the pairing day. */
const GONE = new Set(["deactivated", "removed", "paused", "opted_out"]);

export interface CheckedMatches {
  /** The draft's matches without the people who cannot be in them any more (2 to 4 each). */
  matches: string[][];
  /** Who was taken out, and the people of their match left without anyone. */
  dropped: string[];
  waiting: { userId: string; left: string[] }[];
}

/**
 * The draft's matches checked again at the publish, with the month's running pairings held FOR
 * SHARE (docs/rounds.md, "Invariants of a round"): someone placed in another running match of the
 * month since the draft (a re-pair, a hand-made pairing of another scope), deactivated, removed
 * from the whitelist, paused or opted out is taken out of their match; a match left with one
 * person ends, and that person waits for a partner in the published pairing.
 */
export async function recheckDraftMatches(
  ctx: AppContext,
  tx: Tx,
  month: string,
  drafted: string[][],
): Promise<CheckedMatches> {
  const busy = await holdRunningPairingsOfMonth(tx, month);
  // Their rows and whitelist entries held, so a leaving either committed before this read or
  // waits for the published pairing and then leaves its match (pairing-locks.ts).
  await lockChosenPeople(tx, drafted.flat());
  const reasons = await awayReasonsOf(tx, drafted.flat(), utcDayOf(ctx.clock.now()));
  const out = (id: string) => busy.has(id) || GONE.has(reasons.get(id) ?? "");
  const kept: string[][] = [];
  const dropped: string[] = [];
  const waiting: CheckedMatches["waiting"] = [];
  for (const match of drafted) {
    const left = match.filter(out);
    const staying = match.filter((id) => !out(id));
    dropped.push(...left);
    if (staying.length >= 2) kept.push(staying);
    else if (staying.length === 1) waiting.push({ userId: staying[0], left });
  }
  return { matches: kept, dropped, waiting };
}

/** The activity lines of a re-check: who waits for a partner in the published pairing. */
export async function recordRecheck(
  ctx: AppContext,
  tx: Tx,
  pairing: { id: number; month: string; scopeKey: string | null },
  checked: CheckedMatches,
): Promise<void> {
  for (const person of checked.waiting) {
    const data: PartnerLeftData = { left: person.left };
    await recordActivity(
      ctx,
      {
        kind: PARTNER_LEFT_KIND,
        detail:
          "A partner drafted for this person was placed elsewhere or stopped taking part before the pairing day; they wait for a partner: re-pair them under Current Pairings.",
        userId: person.userId,
        scopeKey: pairing.scopeKey,
        month: pairing.month,
        pairingId: pairing.id,
        data: { ...data },
      },
      tx,
    );
  }
}
