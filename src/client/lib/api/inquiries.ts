import type { CompanyInquiryInput, CompanyInquiryResponse } from "@shared/inquiries";
import { apiRequest } from "../api-client";
import { getJson } from "./request";

export const inquiriesKeys = { open: ["/api/company-inquiry"] as const };

export const inquiriesApi = {
  /** Read by hand (`{ open }`): the landing page ships without zod. */
  open: (signal?: AbortSignal) =>
    getJson<{ open?: unknown } | null>("/api/company-inquiry", signal),
  submit: (body: CompanyInquiryInput) =>
    apiRequest<CompanyInquiryResponse>("POST", "/api/company-inquiry", body),
};
