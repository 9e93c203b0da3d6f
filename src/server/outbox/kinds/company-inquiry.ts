import { InquiryEmail } from "../../mail/templates/inquiry-email";
import type { MessageKind } from "../message-kind";

export interface CompanyInquiryData {
  inquiryId: number;
  companyName: string;
  contactEmail: string;
  expectedUsers: string;
  additionalInfo: string | null;
  /** ISO time the inquiry was stored. */
  receivedAt: string;
}

/**
 * A company's inquiry, to the operator's address (inquiries/submit-inquiry.ts `operatorAddress`,
 * which the sender passes); replies go to the contact. Once per inquiry.
 */
export const companyInquiry = {
  name: "company-inquiry",
  mailKind: "inquiry",
  onceKey: (data) => `inquiry-${data.inquiryId}`,
  render: (_ctx, data) => ({
    subject: `New company inquiry: ${data.companyName}`,
    template: InquiryEmail({ ...data, receivedAt: new Date(data.receivedAt) }),
    headers: { "Reply-To": data.contactEmail },
  }),
} satisfies MessageKind<CompanyInquiryData>;
