import { eq } from "drizzle-orm";
import { NEWSLETTER_ARCHIVED, USER_NOT_FOUND } from "../../../shared/newsletters";
import type { AppContext } from "../../context";
import { type NewsletterRow, newsletterArchive, newsletters } from "../../db/schema";
import { NotFound } from "../../errors";
import { compose } from "../compose/composer";

/**
 * The e-mail one recipient of a logged send received, rebuilt from the newsletter (or, when it is
 * gone, from its archive snapshot) and the linked pairing.
 */
export async function previewLoggedEmail(
  ctx: AppContext,
  newsletterId: number,
  userEmail: string,
): Promise<{ html: string; recipientEmail: string }> {
  const newsletter = await loadNewsletterOrArchive(ctx, newsletterId);
  const mail = await (await compose(ctx, { newsletter })).preview(userEmail);
  if (!mail.userFound) throw new NotFound(USER_NOT_FOUND);
  return { html: mail.html, recipientEmail: userEmail };
}

async function loadNewsletterOrArchive(ctx: AppContext, id: number): Promise<NewsletterRow> {
  const [live] = await ctx.db.select().from(newsletters).where(eq(newsletters.id, id));
  if (live) return live;
  const [archived] = await ctx.db
    .select({ snapshot: newsletterArchive.snapshot })
    .from(newsletterArchive)
    .where(eq(newsletterArchive.newsletterId, id));
  if (!archived) throw new NotFound(NEWSLETTER_ARCHIVED);
  const snapshot = archived.snapshot as Record<string, unknown>;
  const date = (value: unknown) => (value ? new Date(String(value)) : null);
  return {
    ...(snapshot as NewsletterRow),
    createdAt: date(snapshot.createdAt) ?? new Date(0),
    updatedAt: date(snapshot.updatedAt) ?? new Date(0),
    approvedAt: date(snapshot.approvedAt),
    sentAt: date(snapshot.sentAt),
  };
}
