import { type PreviewEmailResponse, USER_NOT_FOUND } from "../../shared/newsletters";
import type { AppContext } from "../context";
import { NotFound } from "../errors";
import { compose } from "./compose/composer";
import { withoutToldInSlack } from "./send/announce-in-channels";

/**
 * The HTML one employee would receive, with whether the send would e-mail them at all (its own
 * rule: the composition's recipients less those told in Slack or Teams alone, as start-send.ts);
 * an address without an account is a 404.
 */
export async function previewEmail(
  ctx: AppContext,
  id: number,
  recipientEmail: string,
): Promise<PreviewEmailResponse> {
  const composition = await compose(ctx, { newsletter: id });
  const mail = await composition.preview(recipientEmail);
  if (!mail.userFound) throw new NotFound(USER_NOT_FOUND);
  return {
    recipientEmail,
    subject: mail.subject,
    personalizedHtml: mail.html,
    matchInfo: {
      ...mail.matchInfo,
      noNewsletter:
        mail.matchInfo.noNewsletter ?? (await toldInChat(ctx, composition, recipientEmail)),
    },
  };
}

/** "told-in-chat" for a recipient whose intro is in Slack or Teams alone, else null. */
async function toldInChat(
  ctx: AppContext,
  { newsletter, recipients }: Awaited<ReturnType<typeof compose>>,
  email: string,
): Promise<"told-in-chat" | null> {
  const own = recipients.filter((r) => r.email.toLowerCase() === email.toLowerCase());
  if (own.length === 0 || !newsletter?.pairingFile) return null;
  const emailed = await withoutToldInSlack(ctx, newsletter.pairingFile, own);
  return emailed.length === 0 ? "told-in-chat" : null;
}
