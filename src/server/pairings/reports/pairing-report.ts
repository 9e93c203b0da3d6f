import { and, desc, gte, like, sql } from "drizzle-orm";
import { STAND_IN_LIKE } from "../../../shared/former-colleague";
import type { PairingReportResponse, ValidationIssue } from "../../../shared/pairings";
import type { AppContext } from "../../context";
import { shiftMonth, utcDayOf } from "../../dates/month-dates";
import { matches, type PairingRow, pairings, users } from "../../db/schema";
import {
  type MatchWithMembers,
  memberIds,
  pairingMemberIdsSql,
  withMembers,
} from "../../match-members/match-members";
import { getPairingSettings } from "../generate/pairing-settings";
import { presentPairing } from "../scope/present";
import { eligibleSql } from "../scope/scope";

const RECENT = 10;
const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/**
 * The recent pairings, what is wrong with them (someone in two matches, a pair repeated inside the
 * repeat window, members of an active pairing who are no longer ready to pair) and their average
 * quality score (the engine's 0–100 qualityScore stored with each pairing).
 */
export async function getPairingReport(ctx: AppContext): Promise<PairingReportResponse> {
  const recent = await ctx.db
    .select()
    .from(pairings)
    .orderBy(desc(pairings.createdAt), desc(pairings.id))
    .limit(RECENT);
  if (recent.length === 0)
    return { recentPairings: [], validationIssues: [], averageQualityScore: null };

  const { repeatWindowMonths } = await getPairingSettings(ctx.db);
  const earliest = shiftMonth(recent.map((p) => p.month).sort()[0], -repeatWindowMonths);
  const [rows, standIns] = await Promise.all([
    withMembers(ctx.db, await ctx.db.select().from(matches).where(gte(matches.month, earliest))),
    ctx.db.select({ id: users.id }).from(users).where(like(users.email, STAND_IN_LIKE)),
  ]);
  // Old history's stand-ins (docs/privacy.md "Retention") sit in many matches by design.
  const nobody = new Set(standIns.map((s) => s.id));
  const membersOf = (m: MatchWithMembers) => memberIds(m).filter((id) => !nobody.has(id));
  const issues: ValidationIssue[] = [];
  for (const pairing of recent) {
    issues.push(...checkPairing(pairing, rows, repeatWindowMonths, membersOf));
  }
  issues.push(
    ...(await ineligibleMembers(
      ctx,
      recent.filter((p) => p.status === "active"),
    )),
  );

  const presented = recent.map(presentPairing);
  const scores = presented.map((p) => p.qualityScore).filter((s): s is number => s !== null);
  const average = scores.length
    ? Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 10) / 10
    : null;
  return { recentPairings: presented, validationIssues: issues, averageQualityScore: average };
}

function checkPairing(
  pairing: PairingRow,
  rows: MatchWithMembers[],
  windowMonths: number,
  membersOf: (m: MatchWithMembers) => string[],
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const own = rows.filter((m) => m.pairingId === pairing.id);
  const seen = new Set<string>();
  const doubled = new Set<string>();
  for (const m of own) for (const id of membersOf(m)) (seen.has(id) ? doubled : seen).add(id);
  if (doubled.size > 0) {
    issues.push({
      pairingId: pairing.id,
      pairingName: pairing.name,
      kind: "double-booked",
      message: `${doubled.size} ${doubled.size === 1 ? "person is" : "people are"} in more than one match of ${pairing.name}.`,
    });
  }
  const from = shiftMonth(pairing.month, -windowMonths);
  const earlier = new Set<string>();
  for (const m of rows) {
    if (m.pairingId === pairing.id || m.month < from || m.month >= pairing.month) continue;
    const ids = membersOf(m);
    for (let i = 0; i < ids.length; i++)
      for (let j = i + 1; j < ids.length; j++) earlier.add(pairKey(ids[i], ids[j]));
  }
  let repeats = 0;
  for (const m of own) {
    const ids = membersOf(m);
    for (let i = 0; i < ids.length; i++)
      for (let j = i + 1; j < ids.length; j++) if (earlier.has(pairKey(ids[i], ids[j]))) repeats++;
  }
  if (repeats > 0) {
    issues.push({
      pairingId: pairing.id,
      pairingName: pairing.name,
      kind: "repeat-pair",
      message: `${repeats} ${repeats === 1 ? "pair" : "pairs"} in ${pairing.name} already met within the last ${windowMonths} months.`,
    });
  }
  return issues;
}

async function ineligibleMembers(
  ctx: AppContext,
  active: PairingRow[],
): Promise<ValidationIssue[]> {
  const issues: ValidationIssue[] = [];
  const today = utcDayOf(ctx.clock.now());
  for (const pairing of active) {
    const [{ count }] = await ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(
        and(
          sql`${users.id} in ${pairingMemberIdsSql(pairing.id)}`,
          sql`not (${eligibleSql(today)})`,
        ),
      );
    if (count > 0) {
      issues.push({
        pairingId: pairing.id,
        pairingName: pairing.name,
        kind: "ineligible-member",
        message: `${count} ${count === 1 ? "member" : "members"} of ${pairing.name} ${count === 1 ? "is" : "are"} no longer ready to pair (paused, opted out, on leave or inactive).`,
      });
    }
  }
  return issues;
}
