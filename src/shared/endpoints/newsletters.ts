import { answers, created, errorResponses, fileResponse, messageSchema } from "../api";
import {
  automaticMailsPageSchema,
  automaticMailsQuerySchema,
  emailLogCsvParamsSchema,
  emailLogEntriesPageSchema,
  emailLogEntriesParamsSchema,
  emailLogEntriesQuerySchema,
  emailLogListSchema,
  emailLogPreviewBodySchema,
  emailLogPreviewResponseSchema,
} from "../email-logs";
import {
  approveBodySchema,
  generateNewsletterBodySchema,
  newsletterFilesSchema,
  newsletterListSchema,
  newsletterSchema,
  newsletterUpdateSchema,
  newsletterIdParamsSchema as params,
  previewEmailBodySchema,
  previewEmailResponseSchema,
  sendStartedSchema,
  sendStatusSchema,
  sendTestBodySchema,
  sendTestResponseSchema,
  validateBodySchema,
  validateResponseSchema,
} from "../newsletters";
import {
  unsubscribeActionSchema,
  unsubscribeQuerySchema,
  unsubscribeStatusSchema,
} from "../unsubscribe";
import { endpoint } from "./endpoint";

const sendStarted = { 202: sendStartedSchema, ...errorResponses };

/** The newsletter's lifecycle, from draft to send (docs/newsletters.md); admin only. */
export const newsletterEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/admin/newsletters",
    response: answers(newsletterListSchema),
  }),
  generate: endpoint({
    method: "POST",
    path: "/api/admin/newsletters/generate",
    body: generateNewsletterBodySchema,
    response: created(newsletterSchema),
  }),
  update: endpoint({
    method: "PUT",
    path: "/api/admin/newsletters/:id",
    params,
    body: newsletterUpdateSchema,
    response: answers(newsletterSchema),
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/admin/newsletters/:id",
    params,
    response: answers(messageSchema),
  }),
  /** The pairings a newsletter can link to (`pairingFile`). */
  files: endpoint({
    method: "GET",
    path: "/api/admin/newsletter-files",
    response: answers(newsletterFilesSchema),
  }),
  validate: endpoint({
    method: "POST",
    path: "/api/admin/newsletters/:id/validate",
    params,
    body: validateBodySchema,
    response: answers(validateResponseSchema),
  }),
  approve: endpoint({
    method: "POST",
    path: "/api/admin/newsletters/:id/approve",
    params,
    body: approveBodySchema,
    response: answers(newsletterSchema),
  }),
  previewEmail: endpoint({
    method: "POST",
    path: "/api/admin/newsletters/:id/preview-email",
    params,
    body: previewEmailBodySchema,
    response: answers(previewEmailResponseSchema),
  }),
  sendTest: endpoint({
    method: "POST",
    path: "/api/admin/newsletters/:id/send-test",
    params,
    body: sendTestBodySchema,
    response: answers(sendTestResponseSchema),
  }),
  /** Queues every delivery in the ledger (docs/newsletters.md, "Sending"). */
  send: endpoint({
    method: "POST",
    path: "/api/admin/newsletters/:id/send",
    params,
    response: sendStarted,
  }),
  /** Queues again only the failed deliveries of a sent newsletter. */
  retryFailed: endpoint({
    method: "POST",
    path: "/api/admin/newsletters/:id/retry-failed",
    params,
    response: sendStarted,
  }),
  sendStatus: endpoint({
    method: "GET",
    path: "/api/admin/newsletters/:id/send-status",
    params,
    response: answers(sendStatusSchema),
  }),
};

/** The Email Send Logs tab (docs/newsletters.md, "Send logs"); admin only. */
export const emailLogEndpoints = {
  current: endpoint({
    method: "GET",
    path: "/api/admin/email-logs",
    response: answers(emailLogListSchema),
  }),
  archived: endpoint({
    method: "GET",
    path: "/api/admin/email-logs/archived",
    response: answers(emailLogListSchema),
  }),
  entries: endpoint({
    method: "GET",
    path: "/api/admin/email-logs/:id/entries",
    params: emailLogEntriesParamsSchema,
    query: emailLogEntriesQuerySchema,
    response: answers(emailLogEntriesPageSchema),
  }),
  csv: endpoint({
    method: "GET",
    path: "/api/admin/email-logs/:month/:year/csv",
    params: emailLogCsvParamsSchema,
    response: { 200: fileResponse("text/csv", "The month's send log as CSV."), ...errorResponses },
  }),
  /** The e-mail one recipient of a logged send got, while the newsletter still exists. */
  preview: endpoint({
    method: "POST",
    path: "/api/admin/email-logs/preview",
    body: emailLogPreviewBodySchema,
    response: answers(emailLogPreviewResponseSchema),
  }),
  /** The outbox's automatic e-mails of the last 30 days, newest first, without secret kinds. */
  automatic: endpoint({
    method: "GET",
    path: "/api/admin/email-logs/automatic",
    query: automaticMailsQuerySchema,
    response: answers(automaticMailsPageSchema),
  }),
};

/**
 * The unsubscribe page's calls (docs/newsletters.md, "Unsubscribe"); the link's token is the
 * credential. The mail provider's one-click POST goes to `/unsubscribe`, outside the API.
 */
export const unsubscribeEndpoints = {
  status: endpoint({
    access: "public",
    method: "GET",
    path: "/api/unsubscribe",
    query: unsubscribeQuerySchema,
    response: answers(unsubscribeStatusSchema),
  }),
  change: endpoint({
    access: "public",
    method: "POST",
    path: "/api/unsubscribe",
    body: unsubscribeActionSchema,
    response: answers(unsubscribeStatusSchema),
  }),
};
