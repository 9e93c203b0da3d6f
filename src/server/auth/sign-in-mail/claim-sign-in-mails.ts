import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  authCodes,
  magicLinkTokens,
  passwordResetTokens,
  type SignInMailRow,
  signInMails,
} from "../../db/schema";

interface ClaimOptions {
  limit: number;
  leaseMs: number;
  now: Date;
  /** This process's mail transport (Mailer.fingerprint). */
  transport: string;
}

/**
 * Takes up to `limit` due sign-in mails queued over this process's mail `transport` for this
 * worker until `leaseMs` from now, counting the attempt. Rows another worker holds are skipped, so
 * processes sharing a database never send one twice while a lease lasts.
 */
export async function claimSignInMails(
  db: Db,
  { limit, leaseMs, now, transport }: ClaimOptions,
): Promise<SignInMailRow[]> {
  const at = now.toISOString();
  const result = await db.execute(sql`
      with picked as (
        select id from sign_in_mails
        where mail_transport = ${transport}
          and next_attempt_at <= ${at}::timestamptz
          and (claimed_until is null or claimed_until < ${at}::timestamptz)
        order by id
        limit ${limit}
        for update skip locked
      )
      update sign_in_mails m
      set claimed_until = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz,
          attempts = m.attempts + 1
      from picked where m.id = picked.id
      returning m.id`);
  const claimed = (result as unknown as { rows: Array<{ id: number }> }).rows;
  if (claimed.length === 0) return [];
  return db
    .select()
    .from(signInMails)
    .where(
      inArray(
        signInMails.id,
        claimed.map((r) => Number(r.id)),
      ),
    )
    .orderBy(signInMails.id);
}

/**
 * Extends the lease on mails this worker still holds (of `ids`: a mail already sent is gone, one
 * put back for a retry is free), so a slow mail server does not make another process send it too.
 */
export async function renewSignInMails(db: Db, ids: number[], until: Date): Promise<void> {
  await db
    .update(signInMails)
    .set({ claimedUntil: until })
    .where(and(inArray(signInMails.id, ids), isNotNull(signInMails.claimedUntil)));
}

/** Sent or withheld: the row and the plain secret in it go. */
export async function forgetSignInMail(db: Db, row: SignInMailRow): Promise<void> {
  await db.delete(signInMails).where(eq(signInMails.id, row.id));
}

/**
 * Given up (expired, refused, or out of tries): the code or link never reached the person, so it
 * is withdrawn (the queued row goes with it), and a new request is not held back by the minute
 * between sends.
 */
export async function withdrawSignInMail(db: Db, row: SignInMailRow): Promise<void> {
  if (row.authCodeId !== null) await db.delete(authCodes).where(eq(authCodes.id, row.authCodeId));
  else if (row.magicLinkTokenId !== null) {
    await db.delete(magicLinkTokens).where(eq(magicLinkTokens.id, row.magicLinkTokenId));
  } else if (row.passwordResetTokenId !== null) {
    await db
      .delete(passwordResetTokens)
      .where(eq(passwordResetTokens.id, row.passwordResetTokenId));
  }
  await forgetSignInMail(db, row);
}

/** A transient failure: back in the queue until `at`, free for any worker. */
export async function retrySignInMailAt(db: Db, row: SignInMailRow, at: Date): Promise<void> {
  await db
    .update(signInMails)
    .set({ nextAttemptAt: at, claimedUntil: null })
    .where(eq(signInMails.id, row.id));
}
