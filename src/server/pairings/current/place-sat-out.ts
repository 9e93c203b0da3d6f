import { and, eq, sql } from "drizzle-orm";
import { exclusionLabels } from "../../../shared/exclusions";
import { joinNames } from "../../../shared/matches";
import { personName } from "../../../shared/person-name";
import type {
  PlaceBody,
  PlaceCheckQuery,
  PlaceCheckResponse,
  PlaceResponse,
} from "../../../shared/place-sat-out";
import { recordActivity } from "../../activity/activity";
import type { AppContext } from "../../context";
import { utcDayOf } from "../../dates/month-dates";
import type { Tx } from "../../db/client";
import { matches, type PairingRow, pairings, users } from "../../db/schema";
import { departmentNameSql } from "../../directory/departments/department-name";
import { BadRequest, Conflict, NotFound } from "../../errors";
import {
  addMember,
  insertMatches,
  type MatchWithMembers,
  memberIds,
  withMembers,
} from "../../match-members/match-members";
import { personColumns, readPeople } from "../../people-rows/read-people";
import { getPairingSettings } from "../generate/pairing-settings";
import { lockPairing } from "../locks/pairing-locks";
import { holdActivePeople } from "../locks/people-locks";
import { awayReasonsOf } from "../scope/member-availability";
import { queueChangeNotices } from "./change-notices";
import { peopleToPlace } from "./late-joiners";
import { personalRuleBroken } from "./personal-placement-rule";
import { brokenRules, metWithin, type PlacedPerson } from "./placement-rules";
import type { RePairNotice } from "./re-pair-mail";

/** The activity kind of a placement by hand: `userId` is the person placed (docs/matches.md). */
export const PLACED_KIND = "match.placed";

type Target = Pick<PlaceBody, "userId" | "matchId" | "withUserId">;

/**
 * What placing someone who sat out would break (docs/pairings.md, "Placing by hand"), for the
 * confirmation the admin reads first. Reads only.
 */
export async function checkPlacement(
  ctx: AppContext,
  pairingId: number,
  query: PlaceCheckQuery,
): Promise<PlaceCheckResponse> {
  return ctx.db.transaction(async (tx) => {
    const plan = await planPlacement(ctx, tx, pairingId, query, { lock: false });
    return {
      summary: plan.summary,
      brokenRules: plan.brokenRules,
      told: plan.pairing.announcedAt !== null,
    };
  });
}

/**
 * Places someone who sat out of a running pairing into one of its matches, or with another
 * person who sat out as a new pair (docs/pairings.md, "Placing by hand"). A placement that breaks
 * a rule is refused unless the admin confirmed the rules the check named.
 *
 * Concurrency: one transaction that first locks the pairing's row (FOR UPDATE, pairing-locks.ts),
 * as a re-pair does, then reads again inside it whether the people still sat out, the match still
 * runs with room, and the people are still active (their rows FOR SHARE) and ready. Everyone whose
 * match changes is told through the outbox in the same transaction, as a re-pair is.
 */
export async function placeSatOut(
  ctx: AppContext,
  pairingId: number,
  body: PlaceBody,
): Promise<PlaceResponse> {
  const result = await ctx.db.transaction(async (tx) => {
    const plan = await planPlacement(ctx, tx, pairingId, body, { lock: true });
    if (plan.brokenRules.length > 0 && !body.acceptBrokenRules) {
      throw new Conflict(
        `This placement breaks a rule: ${plan.brokenRules.join(" ")} Confirm to place anyway.`,
        "breaks_rules",
      );
    }
    await applyPlan(ctx, tx, plan);
    const notice: RePairNotice = {
      kind: plan.group.length === 2 ? "pair" : plan.group.length === 3 ? "trio" : "four",
      pairingId: plan.pairing.id,
      month: plan.pairing.month,
      person: plan.person,
      partners: plan.partners,
    };
    const notified = await queueChangeNotices(ctx, tx, [{ kind: "re-paired", notice }]);
    await recordActivity(
      ctx,
      {
        kind: PLACED_KIND,
        detail: `An admin placed ${personName(plan.person)}, ${plan.joinedLate ? "who joined after the pairings were made" : "who sat out"}, with ${joinNames(plan.partners.map(personName))}${plan.brokenRules.length > 0 ? `, confirming: ${plan.brokenRules.join(" ")}` : "."}`,
        userId: plan.person.id,
        scopeKey: plan.pairing.scopeKey,
        month: plan.pairing.month,
        pairingId: plan.pairing.id,
        data: { partners: plan.partners.map((p) => p.id), brokenRules: plan.brokenRules },
      },
      tx,
    );
    return { message: plan.done, notified };
  });
  return result;
}

interface Plan {
  pairing: PairingRow;
  match: MatchWithMembers | null;
  person: Person;
  partners: Person[];
  group: PlacedPerson[];
  /** The person joined after the pairing was made (late-joiners.ts) rather than sat out of it. */
  joinedLate: boolean;
  brokenRules: string[];
  summary: string;
  done: string;
}

type Person = RePairNotice["person"];

async function planPlacement(
  ctx: AppContext,
  tx: Tx,
  pairingId: number,
  target: Target,
  { lock }: { lock: boolean },
): Promise<Plan> {
  const pairing = lock
    ? await lockPairing(tx, pairingId)
    : (await tx.select().from(pairings).where(eq(pairings.id, pairingId)))[0];
  if (!pairing) throw new NotFound("Pairing not found");
  if (pairing.status !== "active") {
    throw new Conflict(
      `"${pairing.name}" is completed; only a running pairing takes a placement.`,
      "pairing_completed",
    );
  }
  const match =
    target.matchId === undefined ? null : await joinableMatch(tx, pairing, target.matchId);
  const partnerIds = match ? memberIds(match) : [target.withUserId as string];
  const ids = [target.userId, ...partnerIds];
  const people = await peopleFor(tx, ids, lock);
  const today = utcDayOf(ctx.clock.now());
  const entries = await peopleToPlace(tx, pairing, today, ids);
  const waiting = new Set(entries.map((e) => e.userId));
  const joinedLate = entries.some(
    (e) => e.userId === target.userId && e.reason.kind === "joined-late",
  );
  for (const id of match ? [target.userId] : ids) {
    if (!waiting.has(id)) {
      throw new Conflict(
        `${nameOf(people, id)} is not among the people who sat out of "${pairing.name}" (placed meanwhile, or never left out).`,
        "not_sat_out",
      );
    }
  }
  if (partnerIds.includes(target.userId)) {
    throw new BadRequest("Choose two different people.", "same_person");
  }
  await refuseUnlessReady(ctx, tx, people, match ? [target.userId] : ids);
  const settings = await getPairingSettings(tx);
  const [person, ...partners] = ids.map((id) => people.get(id) as PlacedRow);
  const met = await metWithin(
    tx,
    person.placed.id,
    partnerIds,
    pairing.month,
    settings.repeatWindowMonths,
    match?.id,
  );
  const rules = [
    ...brokenRules(
      person.placed,
      partners.map((p) => p.placed),
      met,
      {
        repeatWindowMonths: settings.repeatWindowMonths,
        oddPolicy: pairing.oddPolicy,
      },
    ),
    ...(await personalRuleBroken(tx, person.placed, partnerIds)),
  ];
  const names = joinNames(partners.map((p) => p.placed.name));
  const kind = ids.length === 2 ? "a pair" : ids.length === 3 ? "a trio" : "a group of four";
  return {
    pairing,
    match,
    person: person.person,
    partners: partners.map((p) => p.person),
    group: [person.placed, ...partners.map((p) => p.placed)],
    joinedLate,
    brokenRules: rules,
    summary: match
      ? `${person.placed.name} joins ${names} as ${kind} this month.`
      : `${person.placed.name} and ${names} meet as a pair this month.`,
    done: match
      ? `${person.placed.name} now joins ${names} as ${kind} this month.`
      : `${person.placed.name} now meets ${names} this month.`,
  };
}

/** A running match of this pairing with room for one more (a match has at most four people). */
async function joinableMatch(tx: Tx, pairing: PairingRow, matchId: number) {
  const [row] = await withMembers(
    tx,
    await tx
      .select()
      .from(matches)
      .where(and(eq(matches.id, matchId), eq(matches.pairingId, pairing.id))),
  );
  if (!row) throw new NotFound(`That match is not in "${pairing.name}" any more.`);
  if (row.status === "completed") {
    throw new Conflict(
      "That match has already had its chat. Pair the person with someone else who sat out.",
      "completed",
    );
  }
  if (row.members.length >= 4) {
    throw new Conflict("That match already has four people, the most a match can have.", "full");
  }
  return row;
}

interface PlacedRow {
  person: Person;
  placed: PlacedPerson;
}

async function peopleFor(tx: Tx, ids: string[], lock: boolean) {
  // Held first (people-locks.ts), so the read below finds each of them still active or not.
  if (lock) await holdActivePeople(tx, ids);
  const rows = await readPeople(
    tx,
    ids,
    {
      ...personColumns,
      department: users.department,
      departmentName: departmentNameSql(users.email, users.department),
      preference: users.matchingPreference,
      groupSize: users.preferredGroupSize,
    },
    { activeOnly: true },
  );
  const byId = new Map<string, PlacedRow>();
  for (const row of rows) {
    const person = {
      id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
    };
    byId.set(row.id, {
      person,
      placed: {
        id: row.id,
        name: personName(person),
        department: row.department?.trim() || "Other",
        departmentName: row.departmentName ?? "no department",
        preference: row.preference,
        groupSize: row.groupSize === 3 || row.groupSize === 4 ? row.groupSize : 2,
      },
    });
  }
  if (ids.some((id) => !byId.has(id))) {
    throw new Conflict("Someone involved is no longer active. Please reload.", "changed");
  }
  return byId;
}

const nameOf = (people: Map<string, PlacedRow>, id: string) =>
  people.get(id)?.placed.name ?? "This person";

async function refuseUnlessReady(
  ctx: AppContext,
  tx: Tx,
  people: Map<string, PlacedRow>,
  ids: string[],
) {
  const away = await awayReasonsOf(tx, ids, utcDayOf(ctx.clock.now()));
  for (const id of ids) {
    const reason = away.get(id);
    if (reason) {
      throw new Conflict(
        `${nameOf(people, id)} cannot be placed: ${exclusionLabels[reason].label.toLowerCase()}.`,
        "not_ready",
      );
    }
  }
}

async function applyPlan(ctx: AppContext, tx: Tx, plan: Plan) {
  if (plan.match) {
    await addMember(tx, plan.match.id, plan.person.id);
  } else {
    await insertMatches(tx, [
      {
        pairingId: plan.pairing.id,
        month: plan.pairing.month,
        matchDate: ctx.clock.now(),
        status: "active",
        members: plan.group.map((p) => p.id),
      },
    ]);
  }
  await tx
    .update(pairings)
    .set({
      totalPairs: sql`(select count(*)::int from ${matches} where ${matches.pairingId} = ${plan.pairing.id})`,
    })
    .where(eq(pairings.id, plan.pairing.id));
}
