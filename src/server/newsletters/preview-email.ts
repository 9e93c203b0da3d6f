import { type PreviewEmailResponse, USER_NOT_FOUND } from "../../shared/newsletters";
import type { AppContext } from "../context";
import { NotFound } from "../errors";
import { personaliseNewsletter } from "./personalise";
import { findNewsletter } from "./present";

/** The HTML one employee would receive; an address without an account is a 404. */
export async function previewEmail(
  ctx: AppContext,
  id: number,
  recipientEmail: string,
): Promise<PreviewEmailResponse> {
  const row = await findNewsletter(ctx, id);
  const mail = await personaliseNewsletter(ctx, row, recipientEmail);
  if (!mail.userFound) throw new NotFound(USER_NOT_FOUND);
  return {
    recipientEmail,
    subject: mail.subject,
    personalizedHtml: mail.html,
    matchInfo: mail.matchInfo,
  };
}
