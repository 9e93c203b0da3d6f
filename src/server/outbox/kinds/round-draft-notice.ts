import { and, eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { RoundDraftEmail } from "../../mail/templates/round-draft-email";
import type { MessageKind } from "../message-kind";

export interface RoundDraftNoticeData {
  draftId: number;
  /** "All Users", or a domain group's name. */
  scope: string;
  /** "March 2027" */
  month: string;
  pairs: number;
  unmatched: number;
  /** When it is published, in the company's zone, in words. */
  publishAt: string;
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
  render: (ctx, data) => ({
    subject: `Review the ${data.month} pairing for ${data.scope}`,
    template: RoundDraftEmail({ ...data, reviewUrl: `${ctx.config.appUrl}/admin` }),
  }),
} satisfies MessageKind<RoundDraftNoticeData>;
