import { NEWSLETTER_ARCHIVED, USER_NOT_FOUND } from "@shared/newsletters";
import { ApiError, isUnauthorizedError } from "../../../lib/api-client";

/**
 * The preview pane's words for a failed preview: an unknown person, a newsletter that is gone
 * (sent and archived), a lost session, else the server's message; the server's suggestion, when it
 * gives one, follows.
 */
export function previewErrorText(error: unknown): string {
  if (isUnauthorizedError(error)) return "Authentication required. Please refresh and try again.";
  const message = error instanceof Error ? error.message : "";
  const body = error instanceof ApiError ? (error.body as { suggestion?: unknown }) : undefined;
  const suggestion = typeof body?.suggestion === "string" ? ` ${body.suggestion}` : "";
  if (message === USER_NOT_FOUND || /user not found/i.test(message)) {
    return `${USER_NOT_FOUND}${suggestion}`;
  }
  if (error instanceof ApiError && error.status === 404)
    return `${NEWSLETTER_ARCHIVED}${suggestion}`;
  return `Error: ${message || "Failed to generate email preview"}${suggestion}`;
}
