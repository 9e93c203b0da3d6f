import { z } from "zod";
import { expectedUsersChoices } from "./enums";
import { singleLine } from "./required-text";

/** POST /api/company-inquiry. */
export const MISSING_INFORMATION = {
  title: "Missing Information",
  description: "Please fill in company name, contact email, and expected users.",
} as const;
export const INVALID_EMAIL = {
  title: "Invalid Email",
  description: "Please enter a valid email address.",
} as const;
export const INQUIRY_SUBMITTED = "Inquiry Submitted";
export const SUBMISSION_FAILED = {
  title: "Submission Failed",
  description: "There was an error submitting your inquiry. Please try again.",
} as const;

export const COMPANY_NAME_MAX = 200;
export const ADDITIONAL_INFO_MAX = 5000;

const required = (message: string, label: string) =>
  z
    .string({ message })
    .refine(...singleLine(label))
    .transform((v) => v.replace(/\s+/g, " ").trim())
    .pipe(z.string().min(1, { message }));

export const companyInquirySchema = z.object({
  companyName: required(MISSING_INFORMATION.description, "Company name").pipe(
    z.string().max(COMPANY_NAME_MAX, {
      message: `Company name must be at most ${COMPANY_NAME_MAX} characters`,
    }),
  ),
  contactEmail: required(MISSING_INFORMATION.description, "Contact email").pipe(
    z
      .string()
      .max(254, { message: INVALID_EMAIL.description })
      .transform((v) => v.toLowerCase())
      .pipe(z.email({ message: INVALID_EMAIL.description })),
  ),
  expectedUsers: z.enum(expectedUsersChoices, { message: MISSING_INFORMATION.description }),
  additionalInfo: z
    .string({ message: "Additional information must be text" })
    .trim()
    .max(ADDITIONAL_INFO_MAX, {
      message: `Additional information must be at most ${ADDITIONAL_INFO_MAX} characters`,
    })
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type CompanyInquiryInput = z.input<typeof companyInquirySchema>;
export type CompanyInquiry = z.output<typeof companyInquirySchema>;

export const companyInquiryResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.number().int(),
});
export type CompanyInquiryResponse = z.infer<typeof companyInquiryResponseSchema>;
