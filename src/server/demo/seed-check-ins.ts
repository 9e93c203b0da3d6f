import { sql } from "drizzle-orm";
import type { CheckInAnswer } from "../../shared/check-in-answers";
import { seededRandom } from "../../shared/sample-company";
import type { Tx } from "../db/client";

/** When a seeded round asked "Did you meet?" and reminded; null: not held (round-windows.ts). */
export interface CheckInTimes {
  checkInAt: Date | null;
  reminderAt: Date | null;
}

/** The sample history's own stream for how misses were said, apart from the rounds' stream. */
const MISSES_SEED = 0xc0ffee;

/**
 * How each seeded miss was said: one said after the round's check-in was asked was said on its
 * page or e-mail, about half of those Not yet (never changed since), the rest Skip this month; one
 * said before it was the Matches page's, stored as Skip (docs/check-ins.md, "Answers").
 * Deterministic: the same history gets the same answers.
 */
export function missAnswers(): (answeredAt: Date, asked: CheckInTimes) => CheckInAnswer {
  const random = seededRandom(MISSES_SEED);
  return (answeredAt, { checkInAt }) =>
    checkInAt && answeredAt >= checkInAt && random() < 0.5 ? "not_yet" : "skip";
}

/**
 * A seeded round's check-in questions as its check-in and reminder steps would have written them
 * (docs/check-ins.md, "The check-in"): on the check-in's date, every member who had not answered
 * by then asked (and the e-mail sent); on the reminder's date, those of them still without an
 * answer or at Not yet reminded. A step whose date the seed comes before has asked nobody yet.
 * Built by the database from the round's members just inserted, so none is held here.
 */
export async function seedCheckIns(
  tx: Tx,
  { pairingId, now, ...times }: CheckInTimes & { pairingId: number; now: Date },
): Promise<void> {
  const past = (at: Date | null) => (at && at.getTime() <= now.getTime() ? at.toISOString() : null);
  const checkInAt = past(times.checkInAt);
  if (!checkInAt) return;
  const reminderAt = past(times.reminderAt);
  const reminded = reminderAt
    ? sql`case when mm.answered_at is null or mm.answered_at > ${reminderAt}::timestamptz
        or mm.answer = 'not_yet' then ${reminderAt}::timestamptz end`
    : sql`null::timestamptz`;
  await tx.execute(sql`
    insert into check_ins (pairing_id, match_id, user_id, asked_at, sent_at, reminded_at,
      reminder_sent_at)
    select m.pairing_id, m.id, mm.user_id, ${checkInAt}::timestamptz, ${checkInAt}::timestamptz,
      ${reminded}, ${reminded}
    from matches m join match_members mm on mm.match_id = m.id
    where m.pairing_id = ${pairingId}
      and (mm.answered_at is null or mm.answered_at > ${checkInAt}::timestamptz)`);
}
