import { and, desc, eq } from "drizzle-orm";
import type { MagicLinkAnswer } from "../../shared/auth";
import type { AppContext } from "../context";
import { magicLinkTokens } from "../db/schema";
import { renderEmail } from "../mail/render-email";
import { MagicLinkEmail } from "../mail/templates/magic-link-email";
import { requireAllowedEmail } from "./allowed-email";
import { keyedHash } from "./auth-secret";
import { getAuthSettings } from "./auth-settings";
import type { RequestMeta } from "./send-code";
import { assertSendInterval, generateToken, lockEmail, sendOrWithdraw } from "./send-throttle";
import { isDeactivated, logWithheld } from "./sign-in-account";

const LINK_SENT: MagicLinkAnswer = {
  success: true,
  message: "Magic link sent! Check your email to sign in.",
  requiresWait: 0,
};

/**
 * E-mails a single-use sign-in link. Its base is APP_URL (never the request's Host header); it
 * opens /magic-auth, whose script consumes the token with a POST, so mail scanners that open
 * links do not use it up. A deactivated account gets the same answer but no mail (see sendCode).
 */
export async function requestMagicLink(
  ctx: AppContext,
  rawEmail: string,
  meta: RequestMeta,
): Promise<MagicLinkAnswer> {
  const email = await requireAllowedEmail(ctx.db, rawEmail);
  const withheld = await isDeactivated(ctx.db, email);
  const settings = await getAuthSettings(ctx);
  const now = ctx.clock.now();
  const token = generateToken();
  const tokenHash = await keyedHash(ctx, "magic-link", token);

  const id = await ctx.db.transaction(async (tx) => {
    await lockEmail(tx, "magic-link", email);
    const [latest] = await tx
      .select({ createdAt: magicLinkTokens.createdAt })
      .from(magicLinkTokens)
      .where(eq(magicLinkTokens.email, email))
      .orderBy(desc(magicLinkTokens.createdAt))
      .limit(1);
    assertSendInterval(latest?.createdAt, now, settings.sendIntervalMs, "link");
    await tx
      .update(magicLinkTokens)
      .set({ isUsed: true })
      .where(and(eq(magicLinkTokens.email, email), eq(magicLinkTokens.isUsed, false)));
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
    return row.id;
  });

  if (withheld) {
    logWithheld(meta, "sign-in link", email);
    return LINK_SENT;
  }
  const url = `${ctx.config.appUrl}/magic-auth?token=${encodeURIComponent(token)}`;
  const hours = Math.round(settings.magicLinkTtlMs / 3_600_000);
  const { html, text } = await renderEmail(MagicLinkEmail({ url, hours }));
  await sendOrWithdraw(
    ctx,
    { to: email, subject: "Your Cup of Joe sign-in link", html, text, kind: "magic-link" },
    () => ctx.db.delete(magicLinkTokens).where(eq(magicLinkTokens.id, id)),
  );
  return LINK_SENT;
}
