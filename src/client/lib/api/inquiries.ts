import { inquiryEndpoints as endpoints } from "@shared/endpoints/inquiries";
import type { CompanyInquiryInput } from "@shared/inquiries";
import { call, getJson } from "./request";

export const inquiriesKeys = { open: [endpoints.open.path] as const };

export const inquiriesApi = {
  /** Read by hand (`{ open }`): the landing page ships without zod. */
  open: (signal?: AbortSignal) => getJson<{ open?: unknown } | null>(endpoints.open.path, signal),
  submit: (body: CompanyInquiryInput) => call(endpoints.submit, { body }),
};
