import {
  newsletterEndpoints as endpoints,
  emailLogEndpoints as logs,
} from "@shared/endpoints/newsletters";
import type {
  AutomaticMailsQuery,
  EmailLog,
  EmailLogEntryFilter,
  NewsletterUpdateInput,
  SendTestBody,
} from "@shared/newsletters";
import { apiFetch } from "../api-client";
import { addressOf, call } from "./request";

export const newsletterKeys = {
  list: [endpoints.list.path] as const,
  files: [endpoints.files.path] as const,
  sendStatus: (id: number) => [endpoints.sendStatus.path, id] as const,
  logs: [logs.current.path] as const,
  /** Under the logs' key, so refreshing the logs refreshes these too. */
  archivedLogs: [logs.current.path, "archived"] as const,
  logEntries: (id: number, filter: EmailLogEntryFilter) =>
    [logs.current.path, id, "entries", filter] as const,
  automaticMails: (filters: AutomaticMailFilters) =>
    [logs.current.path, "automatic", filters.kind, filters.outcome] as const,
};

/** The filters of the automatic e-mails' list: a kind (or all) and an outcome (or all). */
export type AutomaticMailFilters = Pick<AutomaticMailsQuery, "kind" | "outcome">;

export const newslettersApi = {
  list: (signal?: AbortSignal) => call(endpoints.list, { signal }),
  /** The pairings a newsletter can link to. */
  files: (signal?: AbortSignal) => call(endpoints.files, { signal }),
  /** The draft of `month` ("2026-12"). */
  generate: (month: string) => call(endpoints.generate, { body: { month } }),
  sendTest: (id: number, body: SendTestBody) => call(endpoints.sendTest, { params: { id }, body }),
  update: (id: number, body: NewsletterUpdateInput) =>
    call(endpoints.update, { params: { id }, body }),
  remove: (id: number) => call(endpoints.remove, { params: { id } }),
  approve: (id: number) => call(endpoints.approve, { params: { id }, body: {} }),
  validate: (id: number, pairingFile: string) =>
    call(endpoints.validate, { params: { id }, body: { pairingFile } }),
  previewEmail: (id: number, recipientEmail: string) =>
    call(endpoints.previewEmail, { params: { id }, body: { recipientEmail } }),
  send: (id: number) => call(endpoints.send, { params: { id } }),
  sendStatus: (id: number, signal?: AbortSignal) =>
    call(endpoints.sendStatus, { params: { id }, signal }),
  /** Re-queues only the failed deliveries of a sent newsletter. */
  retryFailed: (id: number) => call(endpoints.retryFailed, { params: { id } }),
};

export const emailLogsApi = {
  current: (signal?: AbortSignal) => call(logs.current, { signal }),
  archived: (signal?: AbortSignal) => call(logs.archived, { signal }),
  /** One page of a send's entries (all, the failed ones, or those with validation issues). */
  entries: (id: number, filter: EmailLogEntryFilter, offset: number, signal?: AbortSignal) =>
    call(logs.entries, { params: { id }, query: { filter, offset }, signal }),
  /** One page of the outbox's automatic e-mails of the last 30 days, newest first. */
  automatic: (filters: AutomaticMailFilters, offset: number, signal?: AbortSignal) =>
    call(logs.automatic, { query: { ...filters, offset }, signal }),
  /** The e-mail one recipient of a logged send got, when the newsletter still exists. */
  preview: (newsletterId: EmailLog["newsletter_id"], userEmail: string) =>
    call(logs.preview, { body: { newsletterId, userEmail } }),
  /** A month's log as CSV: the file and the name the server gives it. */
  csv: async (month: number, year: number) => {
    const res = await apiFetch("GET", addressOf(logs.csv, { month, year }));
    const named = /filename="?([^";]+)"?/.exec(res.headers.get("content-disposition") ?? "")?.[1];
    return { blob: await res.blob(), fileName: named };
  },
};
