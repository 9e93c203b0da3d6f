import { eq } from "drizzle-orm";
import { z } from "zod";
import { longDay } from "../../../shared/date-text";
import { users } from "../../db/schema";
import { PauseEndingEmail } from "../../mail/templates/pause-ending-email";
import { type MessageKind, NoLongerFor } from "../message-kind";
import { personAddressed } from "../payload-parts";
import { personalLinks } from "../personal-links";

const pauseEndingData = personAddressed.extend({
  /** The pause's end date, `YYYY-MM-DD`. */
  until: z.string(),
});
export type PauseEndingData = z.infer<typeof pauseEndingData>;

/**
 * "Your pause ends on …", a week before (docs/profile.md, "Participation"); once per pause (its
 * end date is the key). Not sent when the person is no longer paused until that day.
 */
export const pauseEnding = {
  name: "pause-ending",
  mailKind: "other",
  schema: pauseEndingData,
  onceKey: (data) => `pause-${data.until}`,
  async render(ctx, data) {
    const [row] = await ctx.db
      .select({ status: users.participationStatus, until: users.pauseEndDate })
      .from(users)
      .where(eq(users.id, data.userId));
    if (row?.status !== "paused" || row.until !== data.until) throw new NoLongerFor();
    const { common, headers } = await personalLinks(ctx, data);
    return {
      subject: "Your coffee chat pause ends soon",
      template: PauseEndingEmail({ ...common, until: longDay(data.until, { year: true }) }),
      headers,
    };
  },
} satisfies MessageKind<PauseEndingData>;
