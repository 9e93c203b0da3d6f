import { and, desc, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { SuccessAnswer } from "../../shared/auth";
import type { AppContext } from "../context";
import { authCodes } from "../db/schema";
import { renderEmail } from "../mail/render-email";
import { SignInCodeEmail } from "../mail/templates/sign-in-code-email";
import { requireAllowedEmail } from "./allowed-email";
import { keyedHash } from "./auth-secret";
import { getAuthSettings } from "./auth-settings";
import { assertUnderGuessCap } from "./guess-cap";
import { assertSendInterval, generateCode, lockEmail, sendOrWithdraw } from "./send-throttle";
import { isDeactivated, logWithheld } from "./sign-in-account";

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
  log?: FastifyBaseLogger;
}

export const CODE_SENT_MESSAGE = "Code sent! Check your email for your 6-digit sign-in code.";

/**
 * E-mails a fresh six-digit code; older codes for the address stop working. A deactivated
 * account gets the same answer and the same limits but no mail (the server log says why), so
 * the answer tells nobody which state an address is in.
 */
export async function sendCode(
  ctx: AppContext,
  rawEmail: string,
  meta: RequestMeta,
): Promise<SuccessAnswer> {
  const email = await requireAllowedEmail(ctx.db, rawEmail);
  const withheld = await isDeactivated(ctx.db, email);
  const settings = await getAuthSettings(ctx);
  const now = ctx.clock.now();
  const code = generateCode();
  const codeHash = await keyedHash(ctx, "code", email, code);

  const id = await ctx.db.transaction(async (tx) => {
    await lockEmail(tx, "auth-code", email);
    const [latest] = await tx
      .select({ createdAt: authCodes.createdAt })
      .from(authCodes)
      .where(eq(authCodes.email, email))
      .orderBy(desc(authCodes.createdAt))
      .limit(1);
    assertSendInterval(latest?.createdAt, now, settings.sendIntervalMs, "code");
    await assertUnderGuessCap(tx, email, now, settings);
    await tx
      .update(authCodes)
      .set({ isUsed: true })
      .where(and(eq(authCodes.email, email), eq(authCodes.isUsed, false)));
    const [row] = await tx
      .insert(authCodes)
      .values({
        email,
        codeHash,
        expiresAt: new Date(now.getTime() + settings.codeTtlMs),
        ipAddress: meta.ip,
        userAgent: meta.userAgent,
        createdAt: now,
      })
      .returning({ id: authCodes.id });
    return row.id;
  });

  if (withheld) {
    logWithheld(meta, "sign-in code", email);
    return { success: true, message: CODE_SENT_MESSAGE };
  }
  const minutes = Math.round(settings.codeTtlMs / 60_000);
  const { html, text } = await renderEmail(SignInCodeEmail({ code, minutes }));
  await sendOrWithdraw(
    ctx,
    {
      to: email,
      subject: "Your Cup of Joe sign-in code",
      html,
      text,
      kind: "sign-in-code",
      signInCode: code,
    },
    () => ctx.db.delete(authCodes).where(eq(authCodes.id, id)),
  );
  return { success: true, message: CODE_SENT_MESSAGE };
}
