import { and, eq, sql } from "drizzle-orm";
import type { CompanyInquiry } from "../../shared/inquiries";
import type { AppContext } from "../context";
import { companyInquiries, settings, users } from "../db/schema";
import { NotFound } from "../errors";
import { companyInquiry } from "../outbox/kinds/company-inquiry";
import { queue } from "../outbox/queue";

export const OPERATOR_EMAIL_SETTING = "operator_email";

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
 * Stores the inquiry and queues its e-mail to the operator in one transaction: the outbox
 * delivers it, through a mail-server outage too, so the visitor never submits it twice.
 */
export async function submitInquiry(
  ctx: AppContext,
  input: CompanyInquiry,
  meta: { ipAddress: string },
): Promise<{ id: number }> {
  const to = await operatorAddress(ctx);
  if (!to) throw new NotFound(INQUIRIES_CLOSED);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(companyInquiries)
      .values({ ...input, ipAddress: meta.ipAddress, createdAt: ctx.clock.now() })
      .returning({ id: companyInquiries.id, createdAt: companyInquiries.createdAt });
    await queue(ctx, tx, companyInquiry, [to], {
      inquiryId: row.id,
      companyName: input.companyName,
      contactEmail: input.contactEmail,
      expectedUsers: input.expectedUsers,
      additionalInfo: input.additionalInfo ?? null,
      receivedAt: row.createdAt.toISOString(),
    });
    return { id: row.id };
  });
}
