import { eq, lt, sql } from "drizzle-orm";
import { FORMER_COLLEAGUE, standInAddress } from "../../../shared/former-colleague";
import type { Db } from "../../db/client";
import { completedPairings, mailOutbox, users } from "../../db/schema";

/** An e-mail address inside free text (an error message, an activity line). */
const ADDRESS = "[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}";

/** What an old activity line about a person says once the person is detached from it. */
export const ANONYMISED_ACTIVITY =
  "About a former colleague: this line is older than the history kept, so it names nobody.";

/**
 * Detaches the people from everything older than `cutoff` (docs/privacy.md "Retention"), the way
 * an erasure does, keeping every answer, outcome and month so counts and metrics of those months
 * stay the same: a match of a finished pairing keeps its size and its members' answers, but its
 * members become "a former colleague"; check-in questions keep their dates and answered "still
 * in?" questions their answer, but no person; activity lines keep their kind, month and pairing but name nobody; send logs,
 * deliveries and company inquiries lose their addresses; stored outbox mails (copies of mails
 * sent) are deleted. A running pairing is never touched. Returns the rows changed.
 */
export async function anonymiseOlderThan(db: Db, cutoff: Date, now: Date): Promise<number> {
  await ensureStandIns(db, now);
  const at = sql`${cutoff.toISOString()}::timestamptz`;
  const finished = sql`(select id from pairings where status <> 'active')`;
  const changed = [
    await db.execute(sql`
      update match_members mm set user_id = p.id
      from matches m, users p
      where m.id = mm.match_id and m.match_date < ${at} and m.pairing_id in ${finished}
        and p.email = 'former-colleague-' || mm.position || '@erased.invalid' and mm.user_id <> p.id`),
    await db.execute(sql`
      update check_ins set user_id = null
      where asked_at < ${at} and user_id is not null and pairing_id in ${finished}`),
    await db.execute(sql`
      update still_in_questions set user_id = null
      where asked_at < ${at} and answered_at is not null and user_id is not null`),
    await db.execute(sql`
      update activities set user_id = null, data = null, detail = ${ANONYMISED_ACTIVITY}
      where at < ${at} and user_id is not null`),
    await db.execute(sql`
      update activities set detail = regexp_replace(detail, ${ADDRESS}, ${FORMER_COLLEAGUE}, 'g'),
        data = regexp_replace(data::text, ${ADDRESS}, '', 'g')::jsonb
      where at < ${at} and (detail ~ ${ADDRESS} or data::text ~ ${ADDRESS})`),
    await db.execute(sql`
      update email_log_entries e
      set entry = regexp_replace(
        (e.entry || '{"user_email": "", "match_email": null}'::jsonb)::text, ${ADDRESS}, '', 'g')::jsonb
      from email_logs l
      where l.id = e.log_id and l.sent_at < ${at} and e.entry->>'user_email' <> ''`),
    await db.execute(sql`
      update newsletter_deliveries
      set user_id = null, recipient_email = 'former-' || id || '@erased.invalid',
        match_email = null, error_text = null
      where created_at < ${at} and recipient_email not like '%@erased.invalid'`),
    await db.execute(sql`
      update outgoing_messages
      set user_id = null, organiser_id = null,
        data = case when kind = 'check_in_update' then data - 'message' else data end
      where channel <> 'email' and created_at < ${at} and state in ('sent', 'failed', 'skipped')
        and (user_id is not null or organiser_id is not null
          or (kind = 'check_in_update' and data ? 'message'))`),
    await db.execute(sql`
      delete from slack_people
      where looked_up_at < ${at} and user_id in (select id from users where not is_active)`),
    await db.execute(sql`
      delete from teams_people
      where looked_up_at < ${at} and user_id in (select id from users where not is_active)`),
    await db.execute(sql`
      update company_inquiries
      set contact_email = 'former-inquiry-' || id || '@erased.invalid', ip_address = null,
        additional_info = null
      where created_at < ${at} and contact_email not like '%@erased.invalid'`),
  ];
  const outbox = await db
    .delete(mailOutbox)
    .where(lt(mailOutbox.createdAt, cutoff))
    .returning({ id: mailOutbox.id });
  const records = await anonymiseCompletedRecords(db, cutoff);
  return (
    changed.reduce((sum: number, result) => sum + affected(result), 0) + outbox.length + records
  );
}

const affected = (result: unknown) =>
  Number(
    (result as { affectedRows?: number; rowCount?: number }).affectedRows ??
      (result as { rowCount?: number }).rowCount ??
      0,
  );

async function ensureStandIns(db: Db, now: Date): Promise<void> {
  await db
    .insert(users)
    .values(
      [1, 2, 3, 4].map((position) => ({
        email: standInAddress(position),
        isActive: false,
        needsProfileSetup: false,
        participationStatus: "opted_out" as const,
        erasedAt: now,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();
}

/** A completed record's names and addresses become "a former colleague" and "". */
async function anonymiseCompletedRecords(db: Db, cutoff: Date): Promise<number> {
  const old = await db
    .select({ id: completedPairings.id, content: completedPairings.content })
    .from(completedPairings)
    .where(lt(completedPairings.createdAt, cutoff));
  const changed = old
    .map((row) => ({
      id: row.id,
      before: JSON.stringify(row.content),
      content: scrubRecord(row.content),
    }))
    .filter((row) => JSON.stringify(row.content) !== row.before);
  for (const row of changed) {
    await db
      .update(completedPairings)
      .set({ content: row.content })
      .where(eq(completedPairings.id, row.id));
  }
  return changed.length;
}

function scrubRecord(value: unknown, key = ""): unknown {
  if (Array.isArray(value)) return value.map((item) => scrubRecord(item));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubRecord(v, k)]));
  }
  if (typeof value !== "string" || value === "") return value;
  if (/email$/i.test(key)) return "";
  if (/name$/i.test(key) && key !== "name") return FORMER_COLLEAGUE;
  return value;
}
