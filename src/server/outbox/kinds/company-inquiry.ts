import { z } from "zod";
import { InquiryEmail } from "../../mail/templates/inquiry-email";
import type { MessageKind } from "../message-kind";

const companyInquiryData = z.object({
  inquiryId: z.number().int(),
  companyName: z.string(),
  contactEmail: z.string(),
  expectedUsers: z.string(),
  additionalInfo: z.string().nullable(),
  /** ISO time the inquiry was stored. */
  receivedAt: z.string(),
});
export type CompanyInquiryData = z.infer<typeof companyInquiryData>;

/**
 * A company's inquiry, to the operator's address (inquiries/submit-inquiry.ts `operatorAddress`,
 * which the sender passes); replies go to the contact. Once per inquiry.
 */
export const companyInquiry = {
  name: "company-inquiry",
  mailKind: "inquiry",
  schema: companyInquiryData,
  onceKey: (data) => `inquiry-${data.inquiryId}`,
  render: (_ctx, data) => ({
    subject: `New company inquiry: ${data.companyName}`,
    template: InquiryEmail({ ...data, receivedAt: new Date(data.receivedAt) }),
    headers: { "Reply-To": data.contactEmail },
  }),
} satisfies MessageKind<CompanyInquiryData>;
