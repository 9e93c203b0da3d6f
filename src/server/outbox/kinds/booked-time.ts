import { z } from "zod";
import { users } from "../../db/schema";
import { renderCalendarMessage } from "../../icalendar/calendar-mail";
import { MatchChangedEmail } from "../../mail/templates/match-changed-email";
import { readPerson } from "../../people-rows/read-people";
import { type MessageKind, NoLongerFor } from "../message-kind";
import { calendarMessageData } from "../payload-parts";
import { personalLinks } from "../personal-links";

/** What a booked time's row holds: whom it is for, and the match's calendar message. */
const bookedTimeData = z.object({
  userId: z.string(),
  calendar: calendarMessageData,
});
type BookedTimeData = z.infer<typeof bookedTimeData>;

/**
 * To each member of a match whose chat's time was picked or moved (docs/matches.md, "The calendar
 * invitation"): a short e-mail carrying the match's calendar invitation as its text/calendar part.
 * Nothing about the match changed, so it is not a match change. Rendered at delivery for the
 * person as they are then; not sent to someone deactivated since. Each booking is its own e-mail.
 */
export const bookedTime = {
  name: "booked-time",
  mailKind: "other",
  schema: bookedTimeData,
  async render(ctx, data) {
    const person = await readPerson(ctx.db, data.userId, {
      email: users.email,
      firstName: users.firstName,
      isActive: users.isActive,
    });
    if (!person?.isActive) throw new NoLongerFor("The person was deactivated since.");
    const calendar = await renderCalendarMessage(ctx, data.calendar, data.userId);
    const greeting = person.firstName?.trim() || person.email;
    const { secret, common, headers } = await personalLinks(ctx, { userId: data.userId, greeting });
    const { subject, lines } = calendar;
    const links = { ...common, firstName: person.firstName, secret };
    return {
      subject,
      headers,
      calendar: calendar.part,
      template: MatchChangedEmail({ ...links, title: subject, lines }),
    };
  },
} satisfies MessageKind<BookedTimeData>;
