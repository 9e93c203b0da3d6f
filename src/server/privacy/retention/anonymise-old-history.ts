import { and, eq, isNotNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  activities,
  checkIns,
  companyInquiries,
  completedPairings,
  mailOutbox,
  newsletterDeliveries,
  stillInQuestions,
  users,
} from "../../db/schema";
import { FORMER_COLLEAGUE } from "../export-my-data";

/** The stand-ins old matches keep, one per member position (1 to 4), so a match keeps its size. */
const standIn = (position: number) => `former-colleague-${position}@erased.invalid`;

/**
 * Unlinks everything older than `cutoff` from the people in it (docs/privacy.md "Retention"), the
 * way an erasure does: a match keeps its size and answers, but its members become "a former
 * colleague"; send logs and deliveries lose their addresses; check-ins, "still in?" answers,
 * activity lines, stored mails and company inquiries of that age are deleted. Returns the rows touched.
 */
export async function anonymiseOlderThan(db: Db, cutoff: Date, now: Date): Promise<number> {
  await ensureStandIns(db, now);
  const at = sql`${cutoff.toISOString()}::timestamptz`;
  const members = await db.execute(sql`
    update match_members mm set user_id = p.id
    from matches m, users p
    where m.id = mm.match_id and m.match_date < ${at}
      and p.email = 'former-colleague-' || mm.position || '@erased.invalid' and mm.user_id <> p.id`);
  const logs = await db.execute(sql`
    update email_log_entries e
    set entry = e.entry || '{"user_email": "", "match_email": null}'::jsonb
    from email_logs l
    where l.id = e.log_id and l.sent_at < ${at} and e.entry->>'user_email' <> ''`);
  const deliveries = await db
    .update(newsletterDeliveries)
    .set({
      userId: null,
      recipientEmail: sql`'former-' || ${newsletterDeliveries.id} || '@erased.invalid'`,
      matchEmail: null,
      errorText: null,
    })
    .where(
      and(
        lt(newsletterDeliveries.createdAt, cutoff),
        sql`${newsletterDeliveries.recipientEmail} not like '%@erased.invalid'`,
      ),
    )
    .returning({ id: newsletterDeliveries.id });
  const deleted = await deleteOlder(db, cutoff);
  const records = await anonymiseCompletedRecords(db, cutoff);
  return affected(members) + affected(logs) + deliveries.length + deleted + records;
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
        email: standIn(position),
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

async function deleteOlder(db: Db, cutoff: Date): Promise<number> {
  const counts = await Promise.all([
    db.delete(checkIns).where(lt(checkIns.askedAt, cutoff)).returning({ id: checkIns.id }),
    db
      .delete(stillInQuestions)
      .where(and(lt(stillInQuestions.askedAt, cutoff), isNotNull(stillInQuestions.answeredAt)))
      .returning({ id: stillInQuestions.id }),
    db.delete(activities).where(lt(activities.at, cutoff)).returning({ id: activities.id }),
    db.delete(mailOutbox).where(lt(mailOutbox.createdAt, cutoff)).returning({ id: mailOutbox.id }),
    db
      .delete(companyInquiries)
      .where(lt(companyInquiries.createdAt, cutoff))
      .returning({ id: companyInquiries.id }),
  ]);
  return counts.reduce((sum, rows) => sum + rows.length, 0);
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
