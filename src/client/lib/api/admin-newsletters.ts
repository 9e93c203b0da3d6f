import type {
  EmailLog,
  EmailLogEntriesPage,
  EmailLogEntryFilter,
  Newsletter,
  NewsletterFile,
  NewsletterUpdateInput,
  PreviewEmailResponse,
  SendStarted,
  SendStatusResponse,
  SendTestBody,
  SendTestResponse,
  ValidateResponse,
} from "@shared/newsletters";
import { apiFetch, apiRequest } from "../api-client";
import { getJson, segment } from "./request";

const NEWSLETTERS = "/api/admin/newsletters";
const EMAIL_LOGS = "/api/admin/email-logs";

const newsletterUrl = (id: number, action?: string) =>
  `${NEWSLETTERS}/${segment(id)}${action ? `/${action}` : ""}`;

export const newsletterKeys = {
  list: [NEWSLETTERS] as const,
  files: ["/api/admin/newsletter-files"] as const,
  sendStatus: (id: number) => ["newsletter-send-status", id] as const,
  logs: [EMAIL_LOGS] as const,
  archivedLogs: [EMAIL_LOGS, "archived"] as const,
  logEntries: (id: number, filter: EmailLogEntryFilter) =>
    [EMAIL_LOGS, id, "entries", filter] as const,
};

export const newslettersApi = {
  list: (signal?: AbortSignal) => getJson<Newsletter[]>(NEWSLETTERS, signal),
  /** The pairings a newsletter can link to. */
  files: (signal?: AbortSignal) => getJson<NewsletterFile[]>(newsletterKeys.files[0], signal),
  /** The draft of `month` ("2026-12"). */
  generate: (month: string) => apiRequest<Newsletter>("POST", `${NEWSLETTERS}/generate`, { month }),
  sendTest: (id: number, body: SendTestBody) =>
    apiRequest<SendTestResponse>("POST", newsletterUrl(id, "send-test"), body),
  update: (id: number, body: NewsletterUpdateInput) =>
    apiRequest<Newsletter>("PUT", newsletterUrl(id), body),
  remove: (id: number) => apiRequest<unknown>("DELETE", newsletterUrl(id)),
  approve: (id: number) => apiRequest<Newsletter>("POST", newsletterUrl(id, "approve"), {}),
  validate: (id: number, pairingFile: string) =>
    apiRequest<ValidateResponse>("POST", newsletterUrl(id, "validate"), { pairingFile }),
  previewEmail: (id: number, recipientEmail: string) =>
    apiRequest<PreviewEmailResponse>("POST", newsletterUrl(id, "preview-email"), {
      recipientEmail,
    }),
  send: (id: number) => apiRequest<SendStarted>("POST", newsletterUrl(id, "send")),
  sendStatus: (id: number, signal?: AbortSignal) =>
    getJson<SendStatusResponse>(newsletterUrl(id, "send-status"), signal),
  /** Re-queues only the failed deliveries of a sent newsletter. */
  retryFailed: (id: number) => apiRequest<SendStarted>("POST", newsletterUrl(id, "retry-failed")),
};

export const emailLogsApi = {
  current: (signal?: AbortSignal) => getJson<EmailLog[]>(EMAIL_LOGS, signal),
  archived: (signal?: AbortSignal) => getJson<EmailLog[]>(`${EMAIL_LOGS}/archived`, signal),
  /** One page of a send's entries (all, the failed ones, or those with validation issues). */
  entries: (id: number, filter: EmailLogEntryFilter, offset: number, signal?: AbortSignal) =>
    getJson<EmailLogEntriesPage>(
      `${EMAIL_LOGS}/${segment(id)}/entries?filter=${filter}&offset=${offset}`,
      signal,
    ),
  /** The e-mail one recipient of a logged send got, when the newsletter still exists. */
  preview: (newsletterId: EmailLog["newsletter_id"], userEmail: string) =>
    apiRequest<{ html: string; recipientEmail: string }>("POST", `${EMAIL_LOGS}/preview`, {
      newsletterId,
      userEmail,
    }),
  /** A month's log as CSV: the file and the name the server gives it. */
  csv: async (month: number, year: number) => {
    const res = await apiFetch("GET", `${EMAIL_LOGS}/${segment(month)}/${segment(year)}/csv`);
    const named = /filename="?([^";]+)"?/.exec(res.headers.get("content-disposition") ?? "")?.[1];
    return { blob: await res.blob(), fileName: named };
  },
};
