import { and, eq } from "drizzle-orm";
import { roundStepKinds } from "../../shared/enums";
import { monthDisplay } from "../../shared/pairings";
import { personName } from "../../shared/person-name";
import {
  type DraftMember,
  type DraftView,
  defaultRoundSettings,
  type SwapBody,
} from "../../shared/rounds";
import { satOutText } from "../../shared/sat-out";
import { recordActivity } from "../activity/activity";
import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import { type RoundDraftRow, roundDrafts, roundSteps, users } from "../db/schema";
import { departmentNameSql } from "../directory/departments/department-name";
import { BadRequest, Conflict, NotFound } from "../errors";
import { lockScopeMonth } from "../pairings/locks/pairing-locks";
import { noSharedHoursByPlace, placeOf } from "../pairings/scope/no-shared-hours";
import { peopleById, personColumns } from "../people-rows/read-people";
import { getTimeZone } from "../settings/time-zone";
import { composeDraft } from "./compose-draft";
import { lockDraft } from "./draft-locks";
import { roundDates } from "./round-dates";
import { pairingOfRound } from "./round-pairing";
import {
  dateRule,
  findRoundScope,
  getRoundSettings,
  loadDateContext,
  type RoundScope,
} from "./round-settings";
import { publishDueAt } from "./step-ledger";

/*
 * The admin's hand on a draft (docs/rounds.md "Reviewing the draft"). Each edit runs under the
 * lock publishing takes (the scope and month's advisory lock, then the draft row), so an edit and
 * the publish never interleave: an edit after the publish finds no draft and says so.
 */

const NO_DRAFT = "There is no draft for this round: it was published, skipped, or not made yet.";

async function lockedDraft(tx: Tx, scope: RoundScope, month: string): Promise<RoundDraftRow> {
  await lockScopeMonth(tx, scope.key, month);
  const draft = await lockDraft(tx, scope.key, month);
  if (!draft) throw new NotFound(NO_DRAFT);
  return draft;
}

export async function getDraftView(
  ctx: AppContext,
  scopeKey: string,
  month: string,
): Promise<DraftView> {
  const scope = await findRoundScope(ctx.db, scopeKey);
  const [draft] = await ctx.db
    .select()
    .from(roundDrafts)
    .where(and(eq(roundDrafts.scopeKey, scope.key), eq(roundDrafts.month, month)));
  if (!draft) throw new NotFound(NO_DRAFT);
  const publishAt = await publishDueAt(ctx.db, scope.key, month);
  const ids = [...draft.matches.flat(), ...draft.unmatched];
  const byId = await peopleById(ctx.db, ids, {
    ...personColumns,
    department: departmentNameSql(users.email, users.department),
    office: users.office,
    timeZone: users.timeZone,
  });
  // Admins read each person's department by its name, never its key (docs/profile.md, "Departments").
  const member = (id: string): DraftMember => {
    const u = byId.get(id);
    return {
      id,
      name: u ? personName(u) : "Removed account",
      email: u?.email ?? "",
      department: u?.department?.trim() || "Other",
    };
  };
  return {
    scopeKey: scope.key,
    label: scope.label,
    month,
    monthLabel: monthDisplay(month),
    publishAt: (publishAt ?? draft.createdAt).toISOString(),
    matches: draft.matches.map((m) => m.map(member)),
    unmatched: draft.unmatched.map(member),
    satOut: draftSatOut(draft, member),
    ownRules: ownRulesCount(draft),
    noSharedHours: await noSharedHoursOf(ctx, draft, byId),
  };
}

/** Who of those without a match sat out for want of shared working time, by place. */
async function noSharedHoursOf(
  ctx: AppContext,
  draft: RoundDraftRow,
  byId: Map<string, { office: string | null; timeZone: string | null }>,
) {
  const left = new Set(draft.unmatched);
  const entries = draft.satOut.filter((e) => left.has(e.userId));
  if (!entries.some((e) => e.reason.kind === "working-hours")) return [];
  const companyTimeZone = await getTimeZone(ctx.db);
  return noSharedHoursByPlace(entries, (id) => {
    const person = byId.get(id);
    return person && placeOf(person, companyTimeZone);
  });
}

/** Who of those without a match sat out by people's own rules: counts, never whom. */
function ownRulesCount(draft: RoundDraftRow) {
  const left = new Set(draft.unmatched);
  const own = draft.satOut.flatMap((e) =>
    left.has(e.userId) && e.reason.kind === "own-rules" ? [e.reason] : [],
  );
  return { people: own.length, noWayToMeet: own.filter((r) => r.meet).length };
}

/** Each person without a match in the draft: the engine's reason, or the admin's swap. */
function draftSatOut(draft: RoundDraftRow, member: (id: string) => DraftMember) {
  const reasons = new Map(draft.satOut.map((e) => [e.userId, e.reason]));
  return draft.unmatched.map((id) => {
    const { name, department } = member(id);
    const stored = reasons.get(id);
    // A reason keeps the department key the engine saw; people read the department's name.
    const reason = stored && "department" in stored ? { ...stored, department } : stored;
    return {
      userId: id,
      name,
      reason: reason
        ? satOutText(reason, name)
        : `An admin swapped ${name} out of a match in this draft.`,
    };
  });
}

/** Runs the engine again for the round; the new draft replaces the old one. */
export async function regenerateDraft(ctx: AppContext, scopeKey: string, month: string) {
  const scope = await findRoundScope(ctx.db, scopeKey);
  await ctx.db.transaction((tx) => lockedDraft(tx, scope, month));
  const draft = await composeDraft(ctx, scope, month);
  await recordActivity(ctx, {
    scopeKey,
    month,
    kind: "round.regenerated",
    detail: `An admin regenerated the ${monthDisplay(month)} draft for ${scope.label}: ${draft.matches.length} matches.`,
  });
  return {
    message: `Regenerated the ${monthDisplay(month)} draft: ${draft.matches.length} matches.`,
  };
}

/** Two people trade places (a person without a partner may trade with one who has one). */
export async function swapInDraft(
  ctx: AppContext,
  scopeKey: string,
  month: string,
  body: SwapBody,
) {
  const scope = await findRoundScope(ctx.db, scopeKey);
  return ctx.db.transaction(async (tx) => {
    const draft = await lockedDraft(tx, scope, month);
    const placed = draft.matches.map((m) => [...m]);
    const unmatched = [...draft.unmatched];
    const where = (id: string) => {
      const m = placed.findIndex((members) => members.includes(id));
      if (m >= 0) return { list: placed[m], match: m };
      if (unmatched.includes(id)) return { list: unmatched, match: -1 };
      throw new BadRequest("Both people must be in this draft.", "not_in_draft");
    };
    const a = where(body.userA);
    const b = where(body.userB);
    if (a.match === b.match) {
      throw new BadRequest("These two are already in the same match.", "same_match");
    }
    a.list[a.list.indexOf(body.userA)] = body.userB;
    b.list[b.list.indexOf(body.userB)] = body.userA;
    await tx
      .update(roundDrafts)
      .set({ matches: placed, unmatched, updatedAt: ctx.clock.now() })
      .where(eq(roundDrafts.id, draft.id));
    await recordActivity(
      ctx,
      {
        scopeKey,
        month,
        kind: "round.swapped",
        detail: `An admin swapped two people in the ${monthDisplay(month)} draft for ${scope.label}.`,
        data: { userA: body.userA, userB: body.userB },
      },
      tx,
    );
    return { message: "Swapped. The draft is saved." };
  });
}

/** No round this month for the scope: its steps are called off and its draft dropped. */
export async function skipRound(ctx: AppContext, scopeKey: string, month: string) {
  const scope = await findRoundScope(ctx.db, scopeKey);
  const own = (await getRoundSettings(ctx.db, [scope.key])).get(scope.key);
  const { companySchedule, timeZone } = await loadDateContext(ctx);
  const dates = roundDates(month, dateRule(own ?? defaultRoundSettings, companySchedule, timeZone));
  const dueAt = {
    draft: dates.draftAt,
    publish: dates.publishAt,
    "check-in": dates.checkInAt,
    reminder: dates.reminderAt,
  };
  return ctx.db.transaction(async (tx) => {
    await lockScopeMonth(tx, scope.key, month);
    if (await pairingOfRound(tx, scope, month)) {
      throw new Conflict(
        `The ${monthDisplay(month)} round for ${scope.label} is already published; complete or delete its pairing instead.`,
        "already_published",
      );
    }
    await tx
      .delete(roundDrafts)
      .where(and(eq(roundDrafts.scopeKey, scope.key), eq(roundDrafts.month, month)));
    const note = "Skipped by an admin.";
    await tx
      .update(roundSteps)
      .set({ state: "skipped", note, doneAt: ctx.clock.now() })
      .where(
        and(
          eq(roundSteps.scopeKey, scope.key),
          eq(roundSteps.month, month),
          eq(roundSteps.state, "pending"),
        ),
      );
    // Written down now, so the round is not planned again when its window opens.
    await tx
      .insert(roundSteps)
      .values(
        roundStepKinds.map((kind) => ({
          scopeKey: scope.key,
          month,
          kind,
          dueAt: dueAt[kind],
          state: "skipped" as const,
          note,
          doneAt: ctx.clock.now(),
        })),
      )
      .onConflictDoNothing({
        target: [roundSteps.scopeKey, roundSteps.month, roundSteps.kind],
      });
    await recordActivity(
      ctx,
      {
        scopeKey,
        month,
        kind: "round.skipped",
        detail: `An admin skipped the ${monthDisplay(month)} round for ${scope.label}.`,
      },
      tx,
    );
    return { message: `Skipped the ${monthDisplay(month)} round for ${scope.label}.` };
  });
}
