import { randomInt } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { exclusionLabels } from "../../../shared/exclusions";
import { joinNames } from "../../../shared/matches";
import type { RePairResponse } from "../../../shared/pairings";
import { personName } from "../../../shared/person-name";
import { recordActivity } from "../../activity/activity";
import {
  type NamedPerson,
  namedPerson,
  type PeopleLine,
  peopleLine,
} from "../../activity/people-line";
import type { AppContext } from "../../context";
import { utcDayOf } from "../../dates/month-dates";
import type { Tx } from "../../db/client";
import { activities, matches, type PairingRow, pairings } from "../../db/schema";
import { Conflict, NotFound } from "../../errors";
import {
  addMember,
  insertMatches,
  type MatchWithMembers,
  memberIds,
  withMembers,
} from "../../match-members/match-members";
import { type Placement, placeOne } from "../../matching/place-one";
import { peopleInOrder } from "../../people-rows/read-people";
import {
  buildInstance,
  type InstanceSchedules,
  loadInstanceSchedules,
} from "../generate/build-instance";
import { getPairingSettings } from "../generate/pairing-settings";
import { lockPairing } from "../locks/pairing-locks";
import { holdActivePeople } from "../locks/people-locks";
import { listEligibleUsers } from "../scope/eligibility";
import { aloneMember, awayFromMatch, awayReasons } from "../scope/member-availability";
import { peopleInRunningMatches } from "../scope/running-members";
import { resolveScope } from "../scope/scope";
import { awayReports } from "./away-reports";
import { queueChangeNotices } from "./change-notices";
import { leaveMatch } from "./leave-match";
import { PARTNER_LEFT_KIND } from "./partner-left";
import type { RePairNotice } from "./re-pair-mail";

/** The activity kind of a re-pair: `userId` is the person placed (docs/matches.md). */
export const RE_PAIRED_KIND = "match.re-paired";

/**
 * Re-pairs one person of a running pairing whose partner(s) can no longer meet (left, paused,
 * opted out, deactivated). The engine (matching/place-one.ts) picks the best partner among the
 * people without one — others left alone in this pairing and ready people of its scope who are in
 * no running pairing — or else the best pair to join as a trio or trio to join as a match of four,
 * keeping everyone within one size of the match size they chose (matching/README.md). The person's old match is left
 * (it is deleted when nobody else stays in it), and the person and their new partner(s) are told
 * by e-mail.
 *
 * Concurrency: one transaction that first locks the pairing's row (FOR UPDATE), so re-pairs of
 * one pairing run one after another (nobody free is given to two people) and a Complete or Delete
 * of it waits, or has already happened and the re-pair is refused. The chosen people's user rows
 * are locked too (FOR SHARE) and checked still active, so a deactivation running at the same
 * moment either waits for this re-pair (and then takes the person out again) or wins and the
 * re-pair is refused. Mail goes out after the commit. The activity line names `by`, the admin.
 */
export async function rePairPerson(
  ctx: AppContext,
  pairingId: number,
  userId: string,
  by: NamedPerson,
): Promise<RePairResponse> {
  const { notice, notified } = await ctx.db.transaction(async (tx) => {
    const notice = await placeInTx(ctx, tx, pairingId, userId, { by });
    return { notice, notified: await queueChangeNotices(ctx, tx, [{ kind: "re-paired", notice }]) };
  });
  const names = notice.partners.map(personName);
  const who = personName(notice.person);
  return {
    message:
      notice.kind === "pair"
        ? `${who} now meets ${names[0]} this month.`
        : `${who} joins ${joinNames(names)} as a ${notice.kind === "trio" ? "trio" : "group of four"} this month.`,
    kind: notice.kind,
    partners: names,
    notified,
  };
}

function rePairLine(person: NamedPerson, partners: NamedPerson[], by?: NamedPerson): PeopleLine {
  return by
    ? peopleLine`${by} re-paired ${person}: now meets ${partners}.`
    : peopleLine`${person} was re-paired: now meets ${partners}.`;
}

interface PlaceOptions {
  /** People leaving their match now (a report being made, a partner who left). */
  alsoAway?: readonly string[];
  /**
   * The admin who asked for it, if one. Without one (a partner reported away, "I'm not away", a
   * partner who left) nobody in the match joined asked for a bigger one: a pair or a trio is
   * joined only when everyone in the resulting match chose a group (`joinOnlyGroupChoosers` of
   * matching/place-one.ts; docs/pairings.md, "Re-pairing one person").
   */
  by?: NamedPerson;
}

/**
 * The re-pair inside the caller's transaction. People a partner said are away this month
 * (docs/matches.md, "My partner is away"; `alsoAway` is a report being made now) count as gone
 * from their match and are given to nobody.
 */
export async function placeInTx(
  ctx: AppContext,
  tx: Tx,
  pairingId: number,
  userId: string,
  { alsoAway = [], by }: PlaceOptions = {},
): Promise<RePairNotice> {
  const pairing = await lockPairing(tx, pairingId);
  if (!pairing) throw new NotFound("Pairing not found");
  if (pairing.status !== "active") {
    throw new Conflict(
      `"${pairing.name}" is completed; only a running pairing can be re-paired.`,
      "pairing_completed",
    );
  }
  const today = utcDayOf(ctx.clock.now());
  const rows = await withMembers(
    tx,
    await tx.select().from(matches).where(eq(matches.pairingId, pairing.id)),
  );
  const away = await awayReasons(tx, [pairing.id], today);
  const reports = await awayReports(tx, pairing.id);
  const reported = new Set([...reports.away, ...alsoAway]);
  const own = rows.find((row) => memberIds(row).includes(userId));
  const wasIn = reports.everAway.has(userId) || (await leftAloneIn(tx, pairing.id)).has(userId);
  await refuseUnlessAlone(tx, pairing, own, userId, away, reported, wasIn);
  const schedules = await loadInstanceSchedules({ db: tx, config: ctx.config }, today);
  const placement = await choosePlacement(tx, pairing, rows, userId, away, {
    today,
    reported,
    schedules,
    joinOnlyGroupChoosers: by === undefined,
  });
  const chosen = [userId, ...partnersOf(placement)];
  const stillActive = await holdActivePeople(tx, chosen);
  if (stillActive.size !== new Set(chosen).size) {
    throw new Conflict("Someone involved was just deactivated. Please try again.", "changed");
  }
  await applyPlacement(ctx, tx, pairing, rows, userId, placement);
  const names = await namesOf(tx, chosen);
  await recordActivity(
    ctx,
    {
      kind: RE_PAIRED_KIND,
      detail: rePairLine(namedPerson(names.person), names.partners.map(namedPerson), by),
      userId,
      scopeKey: pairing.scopeKey,
      month: pairing.month,
      pairingId: pairing.id,
      data: { partners: partnersOf(placement), ...(by && { by: by.id }) },
    },
    tx,
  );
  return { kind: placement.kind, pairingId: pairing.id, month: pairing.month, ...names };
}

type Found = NonNullable<Placement>;

/** People a leaving partner left waiting for a partner in this pairing (waiting-for-partner.ts). */
async function leftAloneIn(tx: Tx, pairingId: number): Promise<Set<string>> {
  const rows = await tx
    .select({ userId: activities.userId })
    .from(activities)
    .where(and(eq(activities.kind, PARTNER_LEFT_KIND), eq(activities.pairingId, pairingId)));
  return new Set(rows.flatMap((r) => (r.userId ? [r.userId] : [])));
}

const partnersOf = (placement: Found) =>
  placement.kind === "pair"
    ? [placement.partnerId]
    : placement.kind === "trio"
      ? placement.pair
      : placement.trio;

async function refuseUnlessAlone(
  tx: Tx,
  pairing: PairingRow,
  own: MatchWithMembers | undefined,
  userId: string,
  away: Map<string, keyof typeof exclusionLabels>,
  reported: ReadonlySet<string>,
  wasIn: boolean,
) {
  const others = own ? memberIds(own).filter((id) => id !== userId) : [];
  const people = await namesOf(tx, [userId, ...others]);
  if (!own && !wasIn) {
    throw new NotFound(`${personName(people.person)} is not in "${pairing.name}".`);
  }
  const reason = away.get(userId);
  if (reason) {
    throw new Conflict(
      `${personName(people.person)} cannot be re-paired: ${exclusionLabels[reason].label.toLowerCase()}.`,
      "not_ready",
    );
  }
  const gone = own ? awayFromMatch(own, away) : away;
  const partners = people.partners.filter((p) => !gone.has(p.id) && !reported.has(p.id));
  if (partners.length > 0) {
    throw new Conflict(
      `${personName(people.person)} already has a partner in "${pairing.name}": ${joinNames(partners.map(personName))}.`,
      "has_partner",
    );
  }
}

/** The engine's choice among the people without a partner, else the pairs that could take a third. */
async function choosePlacement(
  tx: Tx,
  pairing: PairingRow,
  rows: MatchWithMembers[],
  userId: string,
  away: Map<string, keyof typeof exclusionLabels>,
  {
    today,
    reported,
    schedules,
    joinOnlyGroupChoosers,
  }: {
    today: string;
    reported: ReadonlySet<string>;
    schedules: InstanceSchedules;
    joinOnlyGroupChoosers: boolean;
  },
): Promise<Found> {
  const scope = await resolveScope(tx, pairing.domainGroupId);
  const ready = new Map((await listEligibleUsers(tx, scope, today)).map((u) => [u.id, u]));
  const busy = await peopleInRunningMatches(tx);
  const alone = rows
    .map((row) => aloneMember(row, away))
    .filter((id): id is string => id !== null && id !== userId && ready.has(id));
  const free = [...ready.keys()].filter((id) => !busy.has(id) && !reported.has(id));
  const joinable = rows
    .map(memberIds)
    .filter((ids) => ids.length < 4 && !ids.includes(userId))
    .filter((ids) => ids.every((id) => ready.has(id) && !reported.has(id)));
  const pairs = joinable.flatMap((ids) =>
    ids.length === 2 ? [[ids[0], ids[1]] as [string, string]] : [],
  );
  const trios = joinable.flatMap((ids) =>
    ids.length === 3 ? [[ids[0], ids[1], ids[2]] as [string, string, string]] : [],
  );
  const candidates = [...new Set([...alone, ...free])];
  const involved = new Set([userId, ...candidates, ...joinable.flat()]);
  if (!ready.has(userId)) {
    throw new Conflict(
      "This person is no longer among the people this pairing is for, so they cannot be re-paired in it.",
      "not_ready",
    );
  }
  const settings = await getPairingSettings(tx);
  const instance = await buildInstance(
    tx,
    [...ready.values()].filter((u) => involved.has(u.id)),
    {
      month: pairing.month,
      scopeKey: pairing.scopeKey,
      repeatWindowMonths: settings.repeatWindowMonths,
      oddPolicy: settings.oddPolicy,
      seed: randomInt(0, 2 ** 31 - 1),
      schedules,
    },
  );
  const placement = placeOne({
    instance,
    personId: userId,
    candidates,
    pairs,
    trios,
    joinOnlyGroupChoosers,
  });
  if (!placement) {
    throw new Conflict(
      "Nobody can be paired with this person this month: matching preferences and recent matches rule out everyone without a partner and every pair.",
      "no_partner",
    );
  }
  return placement;
}

async function applyPlacement(
  ctx: AppContext,
  tx: Tx,
  pairing: PairingRow,
  rows: MatchWithMembers[],
  userId: string,
  placement: Found,
) {
  const rowOf = (id: string) => rows.find((row) => memberIds(row).includes(id));
  const own = rowOf(userId);
  if (own) await leaveMatch(tx, own, userId);
  if (placement.kind === "pair") {
    const partnerRow = rowOf(placement.partnerId);
    if (partnerRow) await leaveMatch(tx, partnerRow, placement.partnerId);
    await insertMatches(tx, [
      {
        pairingId: pairing.id,
        month: pairing.month,
        matchDate: ctx.clock.now(),
        status: "active",
        members: [userId, placement.partnerId],
      },
    ]);
  } else {
    const matchRow = rowOf(partnersOf(placement)[0]);
    if (!matchRow) throw new Error("The chosen match is not in this pairing");
    await addMember(tx, matchRow.id, userId);
  }
  await tx
    .update(pairings)
    .set({
      totalPairs: sql`(select count(*)::int from ${matches} where ${matches.pairingId} = ${pairing.id})`,
    })
    .where(eq(pairings.id, pairing.id));
}

async function namesOf(tx: Tx, ids: string[]) {
  const [first, ...partners] = await peopleInOrder(tx, ids);
  if (first?.id !== ids[0]) throw new NotFound("That person was not found.");
  return { person: first, partners };
}
