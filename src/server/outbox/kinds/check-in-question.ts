import { z } from "zod";
import { joinNames } from "../../../shared/matches";
import { monthDisplay } from "../../../shared/pairings";
import { signLinkToken } from "../../mail/signed-links";
import { CheckInEmail } from "../../mail/templates/check-in-email";
import type { MessageKind } from "../message-kind";
import { personAddressed } from "../payload-parts";
import { personalLinks } from "../personal-links";

/** A check-in link works this long: past the month's pairing, with room for a late answer. */
const CHECK_IN_LINK_DAYS = 45;
const DAY_MS = 86_400_000;

const checkInQuestionData = personAddressed.extend({
  pairingId: z.number().int(),
  matchId: z.number().int(),
  /** "2027-03" */
  month: z.string(),
  partnerNames: z.array(z.string()),
  reminder: z.boolean(),
});
export type CheckInQuestionData = z.infer<typeof checkInQuestionData>;

/**
 * "Did you meet {partner}?" (docs/check-ins.md), or its reminder, to a member of a running match,
 * with links bound to them and the match. Once per person and pairing (and once its reminder).
 */
export const checkInQuestion = {
  name: "check-in-question",
  mailKind: "other",
  schema: checkInQuestionData,
  onceKey: (data) => `${data.reminder ? "reminder" : "question"}-${data.pairingId}`,
  async render(ctx, data) {
    const { secret, common, headers } = await personalLinks(ctx, data);
    const token = signLinkToken(secret, "check-in", {
      userId: data.userId,
      id: data.matchId,
      expiresAt: new Date(ctx.clock.now().getTime() + CHECK_IN_LINK_DAYS * DAY_MS),
    });
    const url = (choice: string) =>
      `${ctx.config.appUrl}/check-in?token=${encodeURIComponent(token)}&choice=${choice}`;
    const partners = joinNames(data.partnerNames);
    return {
      subject: data.reminder ? `Reminder: did you meet ${partners}?` : `Did you meet ${partners}?`,
      template: CheckInEmail({
        ...common,
        partners,
        month: monthDisplay(data.month),
        reminder: data.reminder,
        links: { met: url("met"), notYet: url("not_yet"), skip: url("skip") },
      }),
      headers,
    };
  },
} satisfies MessageKind<CheckInQuestionData>;
