import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { users } from "../../db/schema";
import { RoundDraftEmail } from "../../mail/templates/round-draft-email";
import { inReaderZone, readerTimeZone } from "../../settings/time-zone";
import type { MessageKind } from "../message-kind";

const roundDraftNoticeData = z.object({
  draftId: z.number().int(),
  /** "All Users", or a domain group's name. */
  scope: z.string(),
  /** "March 2027" */
  month: z.string(),
  pairs: z.number().int(),
  unmatched: z.number().int(),
  /** When it is published, in the company's zone, in words (for a reader the app does not know). */
  publishAt: z.string(),
  /** The same instant (ISO 8601), shown in each admin's own zone when they have one. */
  publishInstant: z.string().optional(),
});
export type RoundDraftNoticeData = z.infer<typeof roundDraftNoticeData>;

/**
 * To every active admin when a round's draft is ready for review (docs/rounds.md); once per
 * draft and admin.
 */
export const roundDraftNotice = {
  name: "round-draft-notice",
  mailKind: "other",
  schema: roundDraftNoticeData,
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
