import { eq } from "drizzle-orm";
import type { CompanyInquiry } from "../../shared/inquiries";
import type { AppContext } from "../context";
import { companyInquiries, settings } from "../db/schema";
import { renderEmail } from "../mail/render-email";
import { InquiryEmail } from "../mail/templates/inquiry-email";

export const OPERATOR_EMAIL_SETTING = "operator_email";

export type Logger = { warn(message: string): void; error(obj: unknown, message: string): void };

/** Where inquiries go: the `operator_email` setting, else OPERATOR_EMAIL, else ADMIN_EMAIL. */
export async function operatorAddress(ctx: AppContext): Promise<string | undefined> {
  const [row] = await ctx.db
    .select()
    .from(settings)
    .where(eq(settings.key, OPERATOR_EMAIL_SETTING));
  if (typeof row?.value === "string" && row.value.includes("@")) return row.value;
  return ctx.config.OPERATOR_EMAIL ?? ctx.config.ADMIN_EMAIL;
}

/**
 * Stores the inquiry, then e-mails it to the operator. The inquiry is kept even when the mail
 * cannot go out, so the visitor is not asked to submit it twice; the failure is logged.
 */
export async function submitInquiry(
  ctx: AppContext,
  input: CompanyInquiry,
  meta: { ipAddress: string; log: Logger },
): Promise<{ id: number; mailed: boolean }> {
  const [row] = await ctx.db
    .insert(companyInquiries)
    .values({ ...input, ipAddress: meta.ipAddress, createdAt: ctx.clock.now() })
    .returning({ id: companyInquiries.id, createdAt: companyInquiries.createdAt });
  const to = await operatorAddress(ctx);
  if (!to) {
    meta.log.warn(
      `Company inquiry ${row.id} stored; no OPERATOR_EMAIL or ADMIN_EMAIL to send it to.`,
    );
    return { id: row.id, mailed: false };
  }
  try {
    const { html, text } = await renderEmail(
      InquiryEmail({ ...input, receivedAt: row.createdAt.toISOString() }),
    );
    await ctx.mailer.send({
      to,
      subject: `New company inquiry: ${input.companyName}`,
      html,
      text,
      kind: "inquiry",
      headers: { "Reply-To": input.contactEmail },
    });
    return { id: row.id, mailed: true };
  } catch (error) {
    meta.log.error(error, `Company inquiry ${row.id} stored but its e-mail could not be sent.`);
    return { id: row.id, mailed: false };
  }
}
