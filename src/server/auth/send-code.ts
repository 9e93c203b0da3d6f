import { and, desc, eq } from "drizzle-orm";
import type { SuccessAnswer } from "../../shared/auth";
import type { AppContext } from "../context";
import { authCodes } from "../db/schema";
import { renderEmail } from "../mail/render-email";
import { SignInCodeEmail } from "../mail/templates/sign-in-code-email";
import { requireAllowedEmail } from "./allowed-email";
import { keyedHash } from "./auth-secret";
import { getAuthSettings } from "./auth-settings";
import { assertSendInterval, generateCode, lockEmail, sendOrWithdraw } from "./send-throttle";
import { assertNotDeactivated } from "./sign-in-account";

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

/** E-mails a fresh six-digit code; older codes for the address stop working. */
export async function sendCode(
  ctx: AppContext,
  rawEmail: string,
  meta: RequestMeta,
): Promise<SuccessAnswer> {
  const email = await requireAllowedEmail(ctx.db, rawEmail);
  await assertNotDeactivated(ctx.db, email);
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
  return { success: true, message: "Code sent! Check your email for your 6-digit sign-in code." };
}
