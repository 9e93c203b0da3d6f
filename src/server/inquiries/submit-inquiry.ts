import { and, eq, sql } from "drizzle-orm";
import type { CompanyInquiry } from "../../shared/inquiries";
import type { AppContext } from "../context";
import { companyInquiries, settings, users } from "../db/schema";
import { NotFound } from "../errors";
import { renderEmail } from "../mail/render-email";
import { InquiryEmail } from "../mail/templates/inquiry-email";

export const OPERATOR_EMAIL_SETTING = "operator_email";

export type Logger = { warn(message: string): void; error(obj: unknown, message: string): void };

export const INQUIRIES_CLOSED =
  "This install does not take company inquiries. Ask your company's Cup of Joe admin instead.";

/**
 * Where inquiries go: the `operator_email` setting, else OPERATOR_EMAIL; undefined (the form is
 * closed) when neither is set or the address is one of the company's own admins, since on a
 * company's own install an "inquiry" would only reach its own HR (docs/admin-console.md).
 */
export async function operatorAddress(ctx: AppContext): Promise<string | undefined> {
  const [row] = await ctx.db
    .select()
    .from(settings)
    .where(eq(settings.key, OPERATOR_EMAIL_SETTING));
  const address =
    typeof row?.value === "string" && row.value.includes("@")
      ? row.value
      : ctx.config.OPERATOR_EMAIL;
  if (!address) return undefined;
  const [admin] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(sql`lower(${users.email})`, address.toLowerCase())))
    .limit(1);
  return admin ? undefined : address;
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
  const to = await operatorAddress(ctx);
  if (!to) throw new NotFound(INQUIRIES_CLOSED);
  const [row] = await ctx.db
    .insert(companyInquiries)
    .values({ ...input, ipAddress: meta.ipAddress, createdAt: ctx.clock.now() })
    .returning({ id: companyInquiries.id, createdAt: companyInquiries.createdAt });
  try {
    const { html, text } = await renderEmail(InquiryEmail({ ...input, receivedAt: row.createdAt }));
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
