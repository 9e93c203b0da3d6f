import type { FastifyBaseLogger } from "fastify";
import type { SuccessAnswer } from "../../shared/auth";
import type { AppContext } from "../context";
import { authCodes } from "../db/schema";
import { signInCode } from "../outbox/kinds/sign-in-code";
import { queue } from "../outbox/queue";
import { signInSendBy } from "../outbox/sign-in-mail";
import { requireAllowedEmail } from "./allowed-email";
import { keyedHash } from "./auth-secret";
import { getAuthSettings } from "./auth-settings";
import { assertUnderGuessCap } from "./guess-cap";
import { claimNewAddressBudget } from "./new-address-budget";
import { generateCode, guardSignInMail } from "./send-throttle";

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
  log?: FastifyBaseLogger;
}

export const CODE_SENT_MESSAGE = "Code sent! Check your email for your 6-digit sign-in code.";

/**
 * E-mails a fresh six-digit code; older live codes keep working until they expire or one is used
 * (docs/sign-in.md). The mail is queued in the outbox and sent by its urgent lane after the
 * answer, so every whitelisted address, whatever its account's state, costs this request the same
 * work and time; a deactivated account gets the same answer and the same limits but no mail (the
 * outbox withholds it and the server log says why).
 */
export async function sendCode(
  ctx: AppContext,
  rawEmail: string,
  meta: RequestMeta,
): Promise<SuccessAnswer> {
  const email = await requireAllowedEmail(ctx.db, rawEmail);
  const settings = await getAuthSettings(ctx);
  const now = ctx.clock.now();
  const code = generateCode();
  const codeHash = await keyedHash(ctx, "code", email, code);

  await claimNewAddressBudget(ctx.db, email, now, settings);
  await ctx.db.transaction(async (tx) => {
    await guardSignInMail(tx, "code", email, { now, ip: meta.ip }, settings);
    await assertUnderGuessCap(tx, email, now, settings);
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
    await queue(ctx, tx, signInCode, [email], {
      authCodeId: row.id,
      secret: code,
      minutes: Math.round(settings.codeTtlMs / 60_000),
      sendBy: signInSendBy(now, settings.codeTtlMs),
    });
  });
  return { success: true, message: CODE_SENT_MESSAGE };
}
