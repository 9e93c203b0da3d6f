import { answers, created } from "../api";
import { inquiriesOpenSchema } from "../company";
import { companyInquiryResponseSchema, companyInquirySchema } from "../inquiries";
import { endpoint } from "./endpoint";

/** The public company inquiry form: open only where an operator other than the company takes them. */
export const inquiryEndpoints = {
  open: endpoint({
    access: "public",
    method: "GET",
    path: "/api/company-inquiry",
    response: answers(inquiriesOpenSchema),
  }),
  submit: endpoint({
    access: "public",
    method: "POST",
    path: "/api/company-inquiry",
    body: companyInquirySchema,
    response: created(companyInquiryResponseSchema),
  }),
};
