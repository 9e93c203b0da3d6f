import { and, eq, gt } from "drizzle-orm";
import { PASSWORD_LINK_HOURS } from "../../../shared/admin-accounts";
import type { PasswordLinkPurpose } from "../../../shared/enums";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { passwordResetTokens } from "../../db/schema";
import { TooManyRequests } from "../../errors";
import { setPasswordLink } from "../../outbox/kinds/set-password-link";
import { queue } from "../../outbox/queue";
import { signInSendBy } from "../../outbox/sign-in-mail";
import { keyedHash } from "../auth-secret";
import { generateToken, inWords } from "../send-throttle";

export const PASSWORD_LINK_TTL_MS = PASSWORD_LINK_HOURS * 3_600_000;
/** One link per address in this time, whoever asks: an admin's clicks cannot flood a mailbox. */
const ONE_LINK_PER_MS = 5 * 60_000;

/** The keyed hash a set-password token is stored and looked up by (never the token itself). */
export const passwordLinkHash = (ctx: AppContext, token: string) =>
  keyedHash(ctx, "set-password", token);

export type NewPasswordLink = { token: string; tokenHash: string };

/**
 * A new link's token and its hash. Made before the caller's transaction: the hash key may have to
 * be read or stored first, on the database connection the transaction would hold.
 */
export async function newPasswordLink(ctx: AppContext): Promise<NewPasswordLink> {
  const token = generateToken();
  return { token, tokenHash: await passwordLinkHash(ctx, token) };
}

/**
 * Stores a set-password link (from newPasswordLink) for `email` and queues its e-mail in the
 * caller's transaction, through the outbox's urgent lane (retried, never fire-and-forget;
 * docs/sign-in.md). Refused with 429 when a link went to the address in the last five minutes.
 * Earlier links stay valid until one is used (a new request never cancels a live one; using one
 * ends the others).
 */
export async function queuePasswordLink(
  ctx: AppContext,
  tx: Tx,
  email: string,
  purpose: PasswordLinkPurpose,
  { token, tokenHash }: NewPasswordLink,
): Promise<void> {
  const now = ctx.clock.now();
  const [recent] = await tx
    .select({ createdAt: passwordResetTokens.createdAt })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.email, email),
        gt(passwordResetTokens.createdAt, new Date(now.getTime() - ONE_LINK_PER_MS)),
      ),
    )
    .limit(1);
  if (recent) {
    const wait = recent.createdAt.getTime() + ONE_LINK_PER_MS - now.getTime();
    throw new TooManyRequests(
      `A set-password link went to ${email} a moment ago. Please wait ${inWords(wait)} before sending another.`,
      Math.ceil(wait / 1000),
    );
  }
  const [row] = await tx
    .insert(passwordResetTokens)
    .values({
      email,
      tokenHash,
      purpose,
      expiresAt: new Date(now.getTime() + PASSWORD_LINK_TTL_MS),
      createdAt: now,
    })
    .returning({ id: passwordResetTokens.id });
  await queue(ctx, tx, setPasswordLink, [email], {
    passwordResetTokenId: row.id,
    purpose,
    secret: token,
    sendBy: signInSendBy(now, PASSWORD_LINK_TTL_MS),
  });
}
