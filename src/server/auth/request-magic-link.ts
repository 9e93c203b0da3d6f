import type { MagicLinkAnswer } from "../../shared/auth";
import type { AppContext } from "../context";
import { magicLinkTokens } from "../db/schema";
import { magicLink } from "../outbox/kinds/magic-link";
import { queue } from "../outbox/queue";
import { signInSendBy } from "../outbox/sign-in-mail";
import { requireAllowedEmail } from "./allowed-email";
import { keyedHash } from "./auth-secret";
import { getAuthSettings } from "./auth-settings";
import { claimNewAddressBudget } from "./new-address-budget";
import type { RequestMeta } from "./send-code";
import { generateToken, guardSignInMail } from "./send-throttle";

const LINK_SENT: MagicLinkAnswer = {
  success: true,
  message: "Magic link sent! Check your email to sign in.",
  requiresWait: 0,
};

/**
 * E-mails a single-use sign-in link. Its base is APP_URL (never the request's Host header); it
 * opens /magic-auth, whose script consumes the token with a POST, so mail scanners that open
 * links do not use it up. Queued like the code, with the same answer for every account state
 * (see sendCode).
 */
export async function requestMagicLink(
  ctx: AppContext,
  rawEmail: string,
  meta: RequestMeta,
): Promise<MagicLinkAnswer> {
  const email = await requireAllowedEmail(ctx.db, rawEmail);
  const settings = await getAuthSettings(ctx);
  const now = ctx.clock.now();
  const token = generateToken();
  const tokenHash = await keyedHash(ctx, "magic-link", token);

  await claimNewAddressBudget(ctx.db, email, now, settings);
  await ctx.db.transaction(async (tx) => {
    await guardSignInMail(tx, "link", email, { now, ip: meta.ip }, settings);
    const [row] = await tx
      .insert(magicLinkTokens)
      .values({
        tokenHash,
        email,
        expiresAt: new Date(now.getTime() + settings.magicLinkTtlMs),
        ipAddress: meta.ip,
        userAgent: meta.userAgent,
        createdAt: now,
      })
      .returning({ id: magicLinkTokens.id });
    await queue(ctx, tx, magicLink, [email], {
      magicLinkTokenId: row.id,
      secret: token,
      hours: Math.round(settings.magicLinkTtlMs / 3_600_000),
      sendBy: signInSendBy(now, settings.magicLinkTtlMs),
    });
  });
  return LINK_SENT;
}
