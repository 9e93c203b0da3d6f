import { and, asc, eq, inArray } from "drizzle-orm";
import { monthDisplay } from "../../shared/pairings";
import { type RoundWindows, roundWindows } from "../../shared/round-windows";
import {
  notHeldNotes,
  type RoundSettings,
  type RoundsOverview,
  type RoundView,
  type ScopeRounds,
  type TimelineEntry,
  type TimelineStep,
  timelineNotes,
} from "../../shared/rounds";
import type { AppContext } from "../context";
import { shiftMonth, utcDayOf } from "../dates/month-dates";
import {
  type EarlierRoundStep,
  earlierRoundRuns,
  pairings,
  type RoundStepRow,
  roundDrafts,
  roundSteps,
} from "../db/schema";
import { countEachScope } from "../pairings/scope/scope-headcounts";
import { currentRound, nextRound, type RoundDates, roundDates } from "./round-dates";
import { isScheduled } from "./round-pairing";
import { dateRule, getRoundSettings, listRoundScopes, loadDateContext } from "./round-settings";

/**
 * The admin's timeline (docs/rounds.md "What admins see"): per scope, how many people it holds
 * and how many are ready to pair, its settings and the current and next round, each step with its
 * date and what happened.
 */
export async function getRoundsOverview(ctx: AppContext): Promise<RoundsOverview> {
  const now = ctx.clock.now();
  const scopes = await listRoundScopes(ctx.db);
  const keys = scopes.map((s) => s.key);
  const settings = await getRoundSettings(ctx.db, keys);
  const { companySchedule, timeZone } = await loadDateContext(ctx);
  const headcounts = await countEachScope(ctx.db, utcDayOf(now));
  const steps = await ctx.db.select().from(roundSteps).where(inArray(roundSteps.scopeKey, keys));
  const drafts = await ctx.db.select().from(roundDrafts).where(inArray(roundDrafts.scopeKey, keys));
  const kept = await ctx.db
    .select()
    .from(earlierRoundRuns)
    .where(inArray(earlierRoundRuns.scopeKey, keys));
  const made = await ctx.db
    .select({
      id: pairings.id,
      status: pairings.status,
      scopeKey: pairings.scopeKey,
      month: pairings.month,
      stats: pairings.stats,
      createdAt: pairings.createdAt,
    })
    .from(pairings)
    .where(inArray(pairings.scopeKey, keys))
    .orderBy(asc(pairings.runOfMonth));
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
    const startedAt = stored?.autoSince ?? null;
    // One run of the month: its steps and its pairing (null: none yet).
    const run = (dates: RoundDates, rows: StepFacts[], pairing: MadePairing | null) =>
      roundView(ctx, {
        dates,
        rows,
        windows: roundWindows(dates.month, rule, pairing?.createdAt ?? null),
        now,
        startedAt,
        handMadeAt: pairing && !isScheduled(pairing.stats) ? pairing.createdAt : null,
        paired: pairing !== null,
        auto: own.auto,
      });
    const view = async (dates: RoundDates): Promise<RoundView> => {
      const rows = steps.filter((s) => s.scopeKey === scope.key && s.month === dates.month);
      const draft = drafts.find((d) => d.scopeKey === scope.key && d.month === dates.month);
      const pairing = pairingOfView(made, rows, scope.key, dates.month);
      const latest = await run(dates, rows, pairing);
      const earlierRuns = [];
      for (const earlier of made) {
        const steps = kept.find((k) => k.pairingId === earlier.id)?.steps;
        if (earlier.scopeKey !== scope.key || earlier.month !== dates.month || !steps) continue;
        const past = await run(dates, keptRows(steps, earlier.id), earlier);
        earlierRuns.push({ pairingId: earlier.id, steps: past.steps });
      }
      return {
        ...latest,
        draft: draft ? { pairs: draft.matches.length, unmatched: draft.unmatched.length } : null,
        earlierRuns,
      };
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
      ...(headcounts.get(scope.key) ?? { people: 0, ready: 0 }),
      settings: own,
      current: current ? await view(current) : null,
      next: await view(next),
    });
  }
  return { timeZone, now: now.toISOString(), companySchedule, scopes: result };
}

type MadePairing = {
  id: number;
  status: string;
  scopeKey: string;
  month: string;
  stats: unknown;
  createdAt: Date;
};

/** What the timeline reads of a step: a row of `round_steps`, or one an earlier run kept. */
type StepFacts = Pick<RoundStepRow, "kind" | "dueAt" | "state" | "doneAt" | "note" | "pairingId">;

/** The steps an earlier run of the month kept (hand-made-round.ts), its publish naming its pairing. */
function keptRows(steps: EarlierRoundStep[], pairingId: number): StepFacts[] {
  return steps.map((step) => ({
    kind: step.kind,
    dueAt: new Date(step.dueAt),
    state: step.state,
    doneAt: step.doneAt ? new Date(step.doneAt) : null,
    note: step.note,
    pairingId: step.kind === "publish" ? pairingId : null,
  }));
}

/**
 * The pairing that stands for the round on the timeline: the one its publish names, else the
 * month's latest (a second round of the month is counted from its own day, docs/rounds.md).
 */
function pairingOfView<P extends { id: number; status: string; scopeKey: string; month: string }>(
  made: P[],
  rows: StepFacts[],
  scopeKey: string,
  month: string,
): P | null {
  const own = made.filter(
    (p) =>
      p.scopeKey === scopeKey &&
      p.month === month &&
      (p.status === "active" || p.status === "completed"),
  );
  const published = rows.find((r) => r.kind === "publish")?.pairingId;
  return own.find((p) => p.id === published) ?? own.at(-1) ?? null;
}

const NOT_RUN = "Not run automatically: automatic rounds were off on this date.";
const { beforeStart: BEFORE_START, draftNotNeeded: NOT_NEEDED } = timelineNotes;

interface RoundInput {
  dates: RoundDates;
  rows: StepFacts[];
  /** The round's windows, counted from its start (shared/round-windows.ts). */
  windows: RoundWindows;
  now: Date;
  /** When automatic rounds began for the scope (null: not yet looked at by the scheduler). */
  startedAt: Date | null;
  /** When the month's pairing was generated by hand, if it was. */
  handMadeAt: Date | null;
  /** The month has a pairing, made by hand or by the round. */
  paired: boolean;
  /** The scope's rounds run by themselves. */
  auto: boolean;
}

async function roundView(
  ctx: AppContext,
  input: RoundInput,
): Promise<Omit<RoundView, "draft" | "earlierRuns">> {
  const { dates, rows, windows, now, startedAt, handMadeAt } = input;
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
      // A month with a pairing is never told to pair people (docs/rounds.md).
      note: beforeStart ? (input.paired ? timelineNotes.pairedBeforeStart : BEFORE_START) : NOT_RUN,
    };
  };
  const pairingId = rows.find((r) => r.kind === "publish")?.pairingId ?? null;
  const complete = await completion(ctx, pairingId, windows.completeAt);
  // A month generated by hand never reads "never due": its pairing is the round.
  const made = (name: TimelineStep, at: Date): TimelineEntry | null => {
    if (!handMadeAt) return null;
    const iso = handMadeAt.toISOString();
    return name === "draft"
      ? { step: name, at: at.toISOString(), state: "skipped", doneAt: null, note: NOT_NEEDED }
      : { step: name, at: iso, state: "done", doneAt: iso, note: timelineNotes.publishedByHand };
  };
  // Counted from a late start; none for a month generated by hand while the scope's rounds are
  // off (nothing asks). A written-down step keeps its own date and state; one not written down is
  // dated by the windows, and one the completion comes before is not held (docs/rounds.md, "A
  // start on any day"), unless the round came before the start with no pairing: nothing was due.
  const planned: Array<[TimelineStep, Date]> = [
    ["check-in", windows.counted.checkInAt],
    ["reminder", windows.counted.reminderAt],
  ];
  const asks = planned.flatMap(([name, at]): TimelineEntry[] => {
    if (handMadeAt && !input.auto) return [];
    if (rows.some((r) => r.kind === name) || at.getTime() < windows.completeAt.getTime())
      return [step(name, at)];
    if (beforeStart && !input.paired) return [];
    const note = notHeldNotes.completesFirst(dates.month);
    return [{ step: name, at: at.toISOString(), state: "skipped", doneAt: null, note }];
  });
  return {
    month: dates.month,
    monthLabel: monthDisplay(dates.month),
    pairingDay: dates.pairingDay,
    pairingId,
    steps: [
      made("draft", dates.draftAt) ?? step("draft", dates.draftAt),
      made("publish", dates.publishAt) ?? step("publish", dates.publishAt),
      ...asks,
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
