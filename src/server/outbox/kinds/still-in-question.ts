import { z } from "zod";
import { signLinkToken } from "../../mail/signed-links";
import { StillInEmail } from "../../mail/templates/still-in-email";
import type { MessageKind } from "../message-kind";
import { personAddressed } from "../payload-parts";
import { personalLinks } from "../personal-links";

/** The question stays open until answered, so its link lasts long (docs/check-ins.md). */
const STILL_IN_LINK_DAYS = 180;
const DAY_MS = 86_400_000;

const stillInQuestionData = personAddressed.extend({ questionId: z.number().int() });
export type StillInQuestionData = z.infer<typeof stillInQuestionData>;

/** "Still up for coffee chats?" to a quiet person (docs/check-ins.md); once per question. */
export const stillInQuestion = {
  name: "still-in-question",
  mailKind: "other",
  schema: stillInQuestionData,
  onceKey: (data) => `question-${data.questionId}`,
  async render(ctx, data) {
    const { secret, common, headers } = await personalLinks(ctx, data);
    const token = signLinkToken(secret, "still-in", {
      userId: data.userId,
      id: data.questionId,
      expiresAt: new Date(ctx.clock.now().getTime() + STILL_IN_LINK_DAYS * DAY_MS),
    });
    return {
      subject: "Still up for coffee chats?",
      template: StillInEmail({
        ...common,
        answerUrl: `${ctx.config.appUrl}/still-in?token=${encodeURIComponent(token)}`,
      }),
      headers,
    };
  },
} satisfies MessageKind<StillInQuestionData>;
