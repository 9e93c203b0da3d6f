import { type PreviewEmailResponse, USER_NOT_FOUND } from "../../shared/newsletters";
import type { AppContext } from "../context";
import { NotFound } from "../errors";
import { compose } from "./compose/composer";

/** The HTML one employee would receive; an address without an account is a 404. */
export async function previewEmail(
  ctx: AppContext,
  id: number,
  recipientEmail: string,
): Promise<PreviewEmailResponse> {
  const mail = await (await compose(ctx, { newsletter: id })).preview(recipientEmail);
  if (!mail.userFound) throw new NotFound(USER_NOT_FOUND);
  return {
    recipientEmail,
    subject: mail.subject,
    personalizedHtml: mail.html,
    matchInfo: mail.matchInfo,
  };
}
