import type { AppContext } from "../context";
import { signLinkToken } from "../mail/signed-links";
import { StillInEmail } from "../mail/templates/still-in-email";
import { type Recipient, sendAutomaticMail } from "../newsletters/send/automatic-mail";

/** The question stays open until answered, so its link lasts long (docs/check-ins.md). */
export const STILL_IN_LINK_DAYS = 180;
const DAY_MS = 86_400_000;

export async function sendStillInMail(
  ctx: AppContext,
  secret: string,
  recipient: Recipient,
  questionId: number,
) {
  const token = signLinkToken(secret, "still-in", {
    userId: recipient.id,
    id: questionId,
    expiresAt: new Date(ctx.clock.now().getTime() + STILL_IN_LINK_DAYS * DAY_MS),
  });
  const answerUrl = `${ctx.config.appUrl}/still-in?token=${encodeURIComponent(token)}`;
  await sendAutomaticMail(ctx, secret, recipient, "Still up for coffee chats?", (common) =>
    StillInEmail({ ...common, answerUrl }),
  );
}
