import { and, eq, inArray } from "drizzle-orm";
import { monthDisplay } from "../../shared/pairings";
import type {
  RoundSettings,
  RoundsOverview,
  RoundView,
  ScopeRounds,
  TimelineEntry,
  TimelineStep,
} from "../../shared/rounds";
import { shiftMonth } from "../calendar/month-calendar";
import type { AppContext } from "../context";
import { pairings, type RoundStepRow, roundDrafts, roundSteps } from "../db/schema";
import { currentRound, nextRound, type RoundDates, roundDates } from "./round-dates";
import { dateRule, getRoundSettings, listRoundScopes, loadDateContext } from "./round-settings";

/**
 * The admin's timeline (docs/rounds.md "What admins see"): per scope, its settings and the current
 * and next round, each step with its date and what happened.
 */
export async function getRoundsOverview(ctx: AppContext): Promise<RoundsOverview> {
  const now = ctx.clock.now();
  const scopes = await listRoundScopes(ctx.db);
  const keys = scopes.map((s) => s.key);
  const settings = await getRoundSettings(ctx.db, keys);
  const { companySchedule, timeZone } = await loadDateContext(ctx);
  const steps = await ctx.db.select().from(roundSteps).where(inArray(roundSteps.scopeKey, keys));
  const drafts = await ctx.db.select().from(roundDrafts).where(inArray(roundDrafts.scopeKey, keys));
  const result: ScopeRounds[] = [];
  for (const scope of scopes) {
    const stored = settings.get(scope.key);
    const own: RoundSettings = {
      schedule: stored?.schedule ?? null,
      reviewDays: stored?.reviewDays ?? 3,
      checkInDays: stored?.checkInDays ?? 7,
      auto: stored?.auto ?? true,
    };
    const rule = dateRule(own, companySchedule, timeZone);
    const view = async (dates: RoundDates) => {
      const rows = steps.filter((s) => s.scopeKey === scope.key && s.month === dates.month);
      const draft = drafts.find((d) => d.scopeKey === scope.key && d.month === dates.month);
      const completeAt = roundDates(shiftMonth(dates.month, 1), rule).publishAt;
      const startedAt = stored?.autoSince ?? null;
      return roundView(ctx, { dates, rows, draft: draft ?? null, completeAt, now, startedAt });
    };
    const latest = currentRound(now, rule);
    // A long review window before a late pairing day: the month before is still to publish while
    // this one's window is open, so it is the current round and this one the next.
    const earlier = latest ? roundDates(shiftMonth(latest.month, -1), rule) : null;
    const earlierOpen =
      earlier !== null &&
      steps.some(
        (s) =>
          s.scopeKey === scope.key &&
          s.month === earlier.month &&
          s.kind === "publish" &&
          (s.state === "pending" || s.state === "running"),
      );
    const current = earlierOpen ? earlier : latest;
    const next = earlierOpen && latest ? latest : nextRound(now, rule);
    result.push({
      scopeKey: scope.key,
      label: scope.label,
      domainGroupId: scope.domainGroupId,
      settings: own,
      current: current ? await view(current) : null,
      next: await view(next),
    });
  }
  return { timeZone, scopes: result };
}

const NOT_RUN = "Not run automatically: automatic rounds were off on this date.";
const BEFORE_START =
  "Before automatic rounds began here: this step was never due. Generate on Current Pairings to pair people this month.";

interface RoundInput {
  dates: RoundDates;
  rows: RoundStepRow[];
  draft: { matches: string[][]; unmatched: string[] } | null;
  completeAt: Date;
  now: Date;
  /** When automatic rounds began for the scope (null: not yet looked at by the scheduler). */
  startedAt: Date | null;
}

async function roundView(ctx: AppContext, input: RoundInput): Promise<RoundView> {
  const { dates, rows, draft, completeAt, now, startedAt } = input;
  // A round whose review window opened before the start is left to the admin (docs/rounds.md):
  // none of its steps was due, so none is called skipped.
  const beforeStart = startedAt === null || dates.draftAt.getTime() < startedAt.getTime();
  const step = (name: TimelineStep, at: Date): TimelineEntry => {
    const row = rows.find((r) => r.kind === name);
    if (row) {
      return {
        step: name,
        at: row.dueAt.toISOString(),
        state: row.state,
        doneAt: row.doneAt?.toISOString() ?? null,
        note: row.note,
      };
    }
    const past = at.getTime() <= now.getTime();
    if (!past)
      return { step: name, at: at.toISOString(), state: "planned", doneAt: null, note: null };
    return {
      step: name,
      at: at.toISOString(),
      state: beforeStart ? "before_start" : "skipped",
      doneAt: null,
      note: beforeStart ? BEFORE_START : NOT_RUN,
    };
  };
  const pairingId = rows.find((r) => r.kind === "publish")?.pairingId ?? null;
  const complete = await completion(ctx, pairingId, completeAt);
  return {
    month: dates.month,
    monthLabel: monthDisplay(dates.month),
    pairingDay: dates.pairingDay,
    pairingId,
    draft: draft ? { pairs: draft.matches.length, unmatched: draft.unmatched.length } : null,
    steps: [
      step("draft", dates.draftAt),
      step("publish", dates.publishAt),
      step("check-in", dates.checkInAt),
      step("reminder", dates.reminderAt),
      complete,
    ],
  };
}

/** The round ends when the next one is published; its pairing says whether it has. */
async function completion(
  ctx: AppContext,
  pairingId: number | null,
  at: Date,
): Promise<TimelineEntry> {
  const entry: TimelineEntry = {
    step: "complete",
    at: at.toISOString(),
    state: "planned",
    doneAt: null,
    note: null,
  };
  if (pairingId === null) return entry;
  const [pairing] = await ctx.db
    .select({ status: pairings.status, completedAt: pairings.completedAt })
    .from(pairings)
    .where(and(eq(pairings.id, pairingId)));
  if (pairing?.status !== "completed") return entry;
  return { ...entry, state: "done", doneAt: pairing.completedAt?.toISOString() ?? null };
}
