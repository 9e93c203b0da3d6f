import type { Tx } from "../../db/client";
import { signInMails } from "../../db/schema";

/** The longest a queued sign-in mail (and the plain secret in it) waits before it is dropped. */
export const SIGN_IN_MAIL_MAX_WAIT_MS = 10 * 60_000;

export type QueuedSecret =
  | { kind: "sign-in-code"; authCodeId: number; code: string }
  | { kind: "magic-link"; magicLinkTokenId: number; token: string }
  | { kind: "password-link"; passwordResetTokenId: number; token: string };

/**
 * Queues the e-mail carrying a new code or link, in the transaction that made it. Every address
 * shape (active, deactivated, never registered) gets this same insert; whether mail goes out is
 * decided by the worker, after the request has answered.
 */
export async function queueSignInMail(
  tx: Tx,
  email: string,
  secret: QueuedSecret,
  { now, secretTtlMs, transport }: { now: Date; secretTtlMs: number; transport: string },
): Promise<void> {
  await tx.insert(signInMails).values({
    email,
    authCodeId: secret.kind === "sign-in-code" ? secret.authCodeId : null,
    magicLinkTokenId: secret.kind === "magic-link" ? secret.magicLinkTokenId : null,
    passwordResetTokenId: secret.kind === "password-link" ? secret.passwordResetTokenId : null,
    secret: secret.kind === "sign-in-code" ? secret.code : secret.token,
    mailTransport: transport,
    expiresAt: new Date(now.getTime() + Math.min(secretTtlMs, SIGN_IN_MAIL_MAX_WAIT_MS)),
    nextAttemptAt: now,
    createdAt: now,
  });
}
