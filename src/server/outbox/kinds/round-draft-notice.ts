import { and, eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { RoundDraftEmail } from "../../mail/templates/round-draft-email";
import { inReaderZone, readerTimeZone } from "../../settings/time-zone";
import type { MessageKind } from "../message-kind";

export interface RoundDraftNoticeData {
  draftId: number;
  /** "All Users", or a domain group's name. */
  scope: string;
  /** "March 2027" */
  month: string;
  pairs: number;
  unmatched: number;
  /** When it is published, in the company's zone, in words (for a reader the app does not know). */
  publishAt: string;
  /** The same instant (ISO 8601), shown in each admin's own zone when they have one. */
  publishInstant?: string;
}

/**
 * To every active admin when a round's draft is ready for review (docs/rounds.md); once per
 * draft and admin.
 */
export const roundDraftNotice = {
  name: "round-draft-notice",
  mailKind: "other",
  async audience(db) {
    const admins = await db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.isAdmin, true), eq(users.isActive, true)));
    return admins.map((a) => a.email);
  },
  onceKey: (data) => `draft-${data.draftId}`,
  async render(ctx, data, recipient) {
    const publishAt = data.publishInstant
      ? inReaderZone(
          new Date(data.publishInstant),
          await readerTimeZone(ctx.db, { email: recipient }),
          true,
        )
      : data.publishAt;
    return {
      subject: `Review the ${data.month} pairing for ${data.scope}`,
      template: RoundDraftEmail({ ...data, publishAt, reviewUrl: `${ctx.config.appUrl}/admin` }),
    };
  },
} satisfies MessageKind<RoundDraftNoticeData>;
