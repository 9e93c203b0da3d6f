import { z } from "zod";
import { joinNames } from "../../../shared/matches";
import { monthDisplay } from "../../../shared/pairings";
import { BookingNudgeEmail } from "../../mail/templates/booking-nudge-email";
import { proposedTimesFor } from "../../scheduling/proposed-times-for";
import type { MessageKind } from "../message-kind";
import { personAddressed } from "../payload-parts";
import { personalLinks } from "../personal-links";

const bookingNudgeData = personAddressed.extend({
  matchId: z.number().int(),
  /** "2027-03" */
  month: z.string(),
  partnerNames: z.array(z.string()),
});
export type BookingNudgeData = z.infer<typeof bookingNudgeData>;

/**
 * To a match's organiser when nobody in it has booked by the middle of the check-in window
 * (docs/scheduling.md, "The nudge"): the three times, computed at delivery, each a signed booking
 * link in the organiser's zone. Once per match.
 */
export const bookingNudge = {
  name: "booking-nudge",
  mailKind: "other",
  schema: bookingNudgeData,
  onceKey: (data) => `match-${data.matchId}`,
  async render(ctx, data) {
    const { secret, common, headers } = await personalLinks(ctx, data);
    const proposed = await proposedTimesFor(ctx, secret, data.matchId, data.userId);
    const partners = joinNames(data.partnerNames);
    const times = proposed?.times ?? [];
    return {
      subject: `Pick a time for your coffee chat with ${partners}`,
      template: BookingNudgeEmail({
        ...common,
        partners,
        month: monthDisplay(data.month),
        matchesUrl: `${ctx.config.appUrl}/matches`,
        times,
        zone: proposed?.zone ?? "UTC",
        links: times.map((time) => time.url),
      }),
      headers,
    };
  },
} satisfies MessageKind<BookingNudgeData>;
