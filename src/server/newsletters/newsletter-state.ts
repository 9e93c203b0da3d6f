import type { NewsletterRow } from "../db/schema";
import { Conflict } from "../errors";

/** Newsletters that can still change: edited, approved, deleted. */
export const EDITABLE_STATUSES = ["draft", "approved"] as const;

/** Why a sending or sent newsletter refuses `action` ("edited", "deleted"), as a 409. */
export function lockedConflict(row: Pick<NewsletterRow, "status">, action: string): Conflict {
  return row.status === "sending"
    ? new Conflict(
        `This newsletter is being sent right now and cannot be ${action}.`,
        "newsletter_sending",
      )
    : new Conflict(
        `This newsletter has already been sent and cannot be ${action}.`,
        "newsletter_sent",
      );
}
