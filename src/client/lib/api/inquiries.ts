import type { CompanyInquiryInput, CompanyInquiryResponse } from "@shared/inquiries";
import { apiRequest } from "../api-client";

export const inquiriesApi = {
  submit: (body: CompanyInquiryInput) =>
    apiRequest<CompanyInquiryResponse>("POST", "/api/company-inquiry", body),
};
