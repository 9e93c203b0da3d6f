import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { matches, users } from "../../db/schema";
import { type RenderedCalendarMessage, renderCalendarMessage } from "../../icalendar/calendar-mail";
import { AnnouncementEmail, announcementContent } from "../../mail/templates/announcement-email";
import { MatchChangedEmail } from "../../mail/templates/match-changed-email";
import { isMemberSql, memberIdsSql } from "../../match-members/match-members";
import { labelledTimes, proposedTimesFor } from "../../scheduling/proposed-times-for";
import { type MessageKind, NoLongerFor, type TemplateMessage } from "../message-kind";
import { personalLinks } from "../personal-links";
import { type MatchChangeData, queuedMatchChange } from "../queued/match-change";

/**
 * To a person whose running match changed: rendered at delivery for them as they are then, and
 * not sent to someone deactivated since or no longer in the match it announces. May be repeated:
 * each change is its own e-mail.
 */
export const matchChange = {
  ...queuedMatchChange,
  mailKind: "other",
  async render(ctx, data) {
    const [person] = await ctx.db
      .select({ email: users.email, firstName: users.firstName, isActive: users.isActive })
      .from(users)
      .where(eq(users.id, data.userId));
    if (!person?.isActive) throw new NoLongerFor("The person was deactivated since.");
    const calendar = data.calendar
      ? await renderCalendarMessage(ctx, data.calendar, data.userId)
      : undefined;
    const greeting = person.firstName?.trim() || person.email;
    const { secret, common, headers } = await personalLinks(ctx, {
      userId: data.userId,
      greeting,
    });
    const links = { ...common, firstName: person.firstName, secret };
    const message = await bodyOf(ctx, data, links, calendar);
    return { ...message, headers, ...(calendar ? { calendar: calendar.part } : {}) };
  },
} satisfies MessageKind<MatchChangeData>;

type Links = Awaited<ReturnType<typeof personalLinks>>["common"] & {
  firstName: string | null;
  /** The auth secret, to sign the booking links of the times proposed. */
  secret: string;
};

async function bodyOf(
  ctx: AppContext,
  data: MatchChangeData,
  links: Links,
  calendar: RenderedCalendarMessage | undefined,
): Promise<Omit<TemplateMessage, "headers">> {
  if (data.via === "calendar") {
    if (!calendar) throw new Error("A calendar e-mail without its calendar message.");
    const { subject, lines } = calendar;
    return { subject, template: MatchChangedEmail({ ...links, title: subject, lines }) };
  }
  if (data.via === "plain") {
    const { subject, title, lines, action } = data;
    return { subject, template: MatchChangedEmail({ ...links, title, lines, action }) };
  }
  const matchId = await stillMatched(ctx, data);
  if (matchId === null) {
    throw new NoLongerFor("The person is no longer in the match this e-mail announces.");
  }
  // The new match's three times, as its page and GET /api/matches/{id}/times propose them.
  const proposed = await proposedTimesFor(ctx, links.secret, matchId, data.userId);
  return {
    subject: data.subject,
    template: AnnouncementEmail({
      content: announcementContent(ctx.config.appUrl, data.month, data.title),
      greetingName: links.firstName?.trim() || "there",
      news: data.news,
      match: { kind: "partners", partners: data.partners, starter: null },
      unsubscribeUrl: links.unsubscribeUrl,
      times: proposed?.times.length ? labelledTimes(proposed) : null,
    }),
  };
}

/**
 * The person's match in the pairing while it has exactly the partners the e-mail names (its id),
 * else null.
 */
async function stillMatched(
  ctx: AppContext,
  data: Extract<MatchChangeData, { via: "match" }>,
): Promise<number | null> {
  const [mine] = await ctx.db
    .select({ id: matches.id, memberIds: memberIdsSql(matches.id) })
    .from(matches)
    .where(and(eq(matches.pairingId, data.pairingId), isMemberSql(matches.id, data.userId)));
  const now = new Set(mine?.memberIds.filter((id) => id !== data.userId) ?? []);
  const same =
    mine !== undefined &&
    now.size === data.partnerIds.length &&
    data.partnerIds.every((id) => now.has(id));
  return same ? mine.id : null;
}
