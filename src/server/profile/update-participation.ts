import { eq } from "drizzle-orm";
import { USER_NOT_FOUND } from "../../shared/admin-user-texts";
import { shortDay } from "../../shared/date-text";
import { addMonthsToIsoDate, isoDateOf, pauseUntilRange } from "../../shared/participation";
import { type ParticipationRequest, SKIP_NEXT_ROUND } from "../../shared/profile";
import { recordActivity } from "../activity/activity";
import {
  type NamedPerson,
  namedPerson,
  type PeopleLine,
  peopleLine,
} from "../activity/people-line";
import type { SignedInUser } from "../auth/session-store";
import type { AppContext } from "../context";
import { type UserRow, users } from "../db/schema";
import { BadRequest, NotFound } from "../errors";
import { leaveForParticipation } from "../pairings/current/leave-for-participation";
import { lockRunningPairings } from "../pairings/locks/pairing-locks";
import { lockPerson } from "../pairings/locks/people-locks";
import { skipRoundEndDate } from "./skip-round-date";

export type ParticipationAction =
  | { kind: "pause"; months: 1 | 3 }
  | { kind: "pause_until"; until: string }
  | { kind: "skip_next"; until: string }
  | { kind: "opt_out" }
  | { kind: "reactivate" };

export type ParticipationFields = Pick<
  UserRow,
  "participationStatus" | "pauseStartDate" | "pauseEndDate" | "pauseReason"
>;

/**
 * What an action stores: a pause runs 1 or 3 months from today with the reason "temporary";
 * opting out and reactivating clear the dates and reason. Admins' status changes use it too.
 */
export function participationFields(
  action: ParticipationAction,
  today: string,
): ParticipationFields {
  if (action.kind === "pause") {
    return {
      participationStatus: "paused",
      pauseStartDate: today,
      pauseEndDate: addMonthsToIsoDate(today, action.months),
      pauseReason: "temporary",
    };
  }
  if (action.kind === "pause_until") {
    return {
      participationStatus: "paused",
      pauseStartDate: today,
      pauseEndDate: action.until,
      pauseReason: "temporary",
    };
  }
  if (action.kind === "skip_next") {
    return {
      participationStatus: "paused",
      pauseStartDate: today,
      pauseEndDate: action.until,
      pauseReason: SKIP_NEXT_ROUND,
    };
  }
  return {
    participationStatus: action.kind === "opt_out" ? "opted_out" : "active",
    pauseStartDate: null,
    pauseEndDate: null,
    pauseReason: null,
  };
}

const PAUSE_LENGTH_MESSAGE = "A pause lasts 1 or 3 months.";

/** A pause to a chosen date: after today, at most a year ahead (docs/profile.md, "Participation"). */
function pauseUntil(until: string, now: Date): ParticipationAction {
  const today = isoDateOf(now);
  const valid =
    !Number.isNaN(Date.parse(`${until}T00:00:00Z`)) &&
    isoDateOf(new Date(`${until}T00:00:00Z`)) === until;
  if (!valid || until <= today || until > pauseUntilRange(today).max) {
    throw new BadRequest("Choose an end date from tomorrow up to a year ahead.", "invalid_pause");
  }
  return { kind: "pause_until", until };
}

/** The state shape (docs/profile.md) names a state; the pause length is read from its dates, never trusted. */
async function toAction(
  ctx: AppContext,
  userId: string,
  request: ParticipationRequest,
): Promise<ParticipationAction> {
  if ("action" in request) {
    if (request.action === "pause") return { kind: "pause", months: request.months };
    if (request.action === "pause_until") return pauseUntil(request.until, ctx.clock.now());
    if (request.action === "skip_next") {
      return { kind: "skip_next", until: await skipRoundEndDate(ctx, userId) };
    }
    return { kind: request.action };
  }
  if (request.participationStatus === "active") return { kind: "reactivate" };
  if (request.participationStatus === "opted_out") return { kind: "opt_out" };
  if (!request.pauseStartDate || !request.pauseEndDate) {
    throw new BadRequest(PAUSE_LENGTH_MESSAGE, "invalid_pause");
  }
  for (const months of [1, 3] as const) {
    if (addMonthsToIsoDate(request.pauseStartDate, months) === request.pauseEndDate.slice(0, 10)) {
      return { kind: "pause", months };
    }
  }
  throw new BadRequest(PAUSE_LENGTH_MESSAGE, "invalid_pause");
}

/**
 * Participation transitions: from active, pause 1 or 3 months (from today,
 * reason "temporary") or opt out; from paused or opted out, reactivate (dates and reason cleared).
 * Also allowed: opting out while paused, and repeating opt-out or reactivate (no change). A pause
 * while already paused or opted out is refused: reactivate first.
 */
export async function updateParticipation(
  ctx: AppContext,
  user: SignedInUser,
  request: ParticipationRequest,
): Promise<UserRow> {
  const action = await toAction(ctx, user.id, request);
  const fields = participationFields(action, isoDateOf(ctx.clock.now()));
  const change = { kind: action.kind, by: namedPerson(user) };
  return storeParticipation(ctx, user.id, fields, change, (current) => {
    const pauses = action.kind === "pause" || action.kind === "pause_until";
    if ((pauses || action.kind === "skip_next") && current !== "active") {
      throw new BadRequest(
        current === "paused"
          ? "Your participation is already paused. Reactivate it first to choose a new pause."
          : "You have opted out. Reactivate your participation first.",
        "invalid_transition",
      );
    }
  });
}

/**
 * Stores a participation change (docs/profile.md, "Participation"). A pause or an opt-out takes
 * every running pairing's lock first (pairing-locks.ts), then the person's row, checks the
 * transition against that row, and takes the person out of their running match, telling their
 * partners (pairings/current/leave-for-participation.ts); skipping next month keeps this month's
 * match. A change of status writes an activity line naming `by`, the person or the admin who
 * made it, in the same transaction.
 */
export async function storeParticipation(
  ctx: AppContext,
  userId: string,
  fields: Partial<ParticipationFields> & { department?: string; managerId?: string | null },
  { kind, by }: { kind: ParticipationAction["kind"] | null; by: NamedPerson },
  check: (current: UserRow["participationStatus"]) => void = () => {},
): Promise<UserRow> {
  const leaves = kind === "pause" || kind === "pause_until" || kind === "opt_out";
  return ctx.db.transaction(async (tx) => {
    if (leaves) await lockRunningPairings(tx);
    const current = await lockPerson(tx, userId);
    if (!current) throw new NotFound(USER_NOT_FOUND);
    check(current.participationStatus);
    const [row] = await tx
      .update(users)
      .set({ ...fields, updatedAt: ctx.clock.now() })
      .where(eq(users.id, userId))
      .returning();
    if (leaves) {
      await leaveForParticipation(ctx, tx, userId, kind === "opt_out" ? "opted_out" : "paused");
    }
    if (kind && row.participationStatus !== current.participationStatus) {
      await recordActivity(
        ctx,
        {
          kind: PARTICIPATION_KINDS[row.participationStatus],
          detail: participationLine(row, by),
          userId,
          data: { by: by.id, until: row.pauseEndDate },
        },
        tx,
      );
    }
    return row;
  });
}

const PARTICIPATION_KINDS: Record<UserRow["participationStatus"], string> = {
  paused: "participation.paused",
  opted_out: "participation.opted-out",
  active: "participation.reactivated",
};

/**
 * "Ada Lovelace paused their participation until Thu, Apr 1, 2027." or "Ann Admin paused Ada's …":
 * the end date as people read dates (docs/scheduling.md, "How dates are written").
 */
function participationLine(row: UserRow, by: NamedPerson): PeopleLine {
  const person = namedPerson(row);
  const until = row.pauseEndDate ? ` until ${shortDay(row.pauseEndDate, { year: true })}` : "";
  if (by.id === person.id) {
    if (row.participationStatus === "paused") {
      return peopleLine`${person} paused their participation${until}.`;
    }
    if (row.participationStatus === "opted_out") return peopleLine`${person} opted out.`;
    return peopleLine`${person} resumed their participation.`;
  }
  if (row.participationStatus === "paused") {
    return peopleLine`${by} paused ${person}'s participation${until}.`;
  }
  if (row.participationStatus === "opted_out") return peopleLine`${by} opted ${person} out.`;
  return peopleLine`${by} resumed ${person}'s participation.`;
}
