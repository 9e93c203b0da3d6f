import { and, asc, eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { users } from "../db/schema";
import { getCompanySettings } from "../settings/company-settings";
import { organizerOf, type Person } from "./calendar-invitation";

/**
 * The ORGANIZER of every match's event: an address a person can write to, never the no-reply
 * sender (docs/decisions/0068-calendar-organizer-replyable.md): the company's contact address
 * (Company settings), else the first admin's, else MAIL_FROM's address (an install without an
 * admin). Named as the app on behalf of the match; attendees are asked for no RSVP, so nobody's
 * calendar sends it an answer to each invitation.
 */
export async function calendarOrganizer(ctx: AppContext): Promise<Person> {
  const [{ contactEmail }, [admin]] = await Promise.all([
    getCompanySettings(ctx.db),
    ctx.db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.isAdmin, true), eq(users.isActive, true)))
      .orderBy(asc(users.createdAt), asc(users.email))
      .limit(1),
  ]);
  return organizerOf(ctx.config.MAIL_FROM, contactEmail.trim() || admin?.email || null);
}
