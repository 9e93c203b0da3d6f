import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { AppContext } from "../../context";
import { matches, users } from "../../db/schema";
import type { RenderedCalendarMessage } from "../../icalendar/calendar-mail";
import { isMemberSql, memberIdsSql } from "../../match-members/match-members";
import { readPerson } from "../../people-rows/read-people";
import { type MessageKind, NoLongerFor, type TemplateMessage } from "../message-kind";
import { calendarMessageData, linkAction, partnerViewData } from "../payload-parts";
import type { personalLinks } from "../personal-links";

/**
 * What the e-mail is rendered with, loaded when the worker delivers one: a sender queueing a change
 * loads neither the calendar, the templates nor the proposed times (docs/architecture.md, "Three
 * walks").
 */
const rendering = async () => ({
  ...(await import("../../icalendar/calendar-mail")),
  ...(await import("../../mail/templates/announcement-email")),
  ...(await import("../../mail/templates/match-changed-email")),
  ...(await import("../../scheduling/proposed-times-for")),
  ...(await import("../personal-links")),
});

/** The match's calendar message an e-mail carries (icalendar/match-calendar-events.ts). */
const carried = { calendar: calendarMessageData.optional() };

/**
 * One e-mail of a change to a running month's match (docs/matches.md, "When a match changes"):
 * `plain` is the short "your match has changed" e-mail, `match` the short announcement of the
 * person's new match with a sentence of news, `calendar` only the match's calendar invitation or
 * cancellation, when no other e-mail can carry it. Each may carry the match's calendar message as
 * its text/calendar part (docs/matches.md, "The calendar invitation").
 */
const matchChangeData = z.discriminatedUnion("via", [
  z.object({
    via: z.literal("plain"),
    userId: z.string(),
    subject: z.string(),
    title: z.string(),
    lines: z.array(z.string()),
    action: linkAction.optional(),
    ...carried,
  }),
  z.object({
    via: z.literal("match"),
    userId: z.string(),
    pairingId: z.number().int(),
    /** "2027-03" */
    month: z.string(),
    subject: z.string(),
    title: z.string(),
    news: z.string(),
    /** The partners as the e-mail shows them, and who they are: it goes only while they still are. */
    partnerIds: z.array(z.string()),
    partners: z.array(partnerViewData),
    ...carried,
  }),
  z.object({ via: z.literal("calendar"), userId: z.string(), ...carried }),
]);
export type MatchChangeData = z.infer<typeof matchChangeData>;

/**
 * To a person whose running match changed: rendered at delivery for them as they are then, and
 * not sent to someone deactivated since or no longer in the match it announces. May be repeated:
 * each change is its own e-mail.
 */
export const matchChange = {
  name: "match-change",
  mailKind: "other",
  schema: matchChangeData,
  async render(ctx, data) {
    const person = await readPerson(ctx.db, data.userId, {
      email: users.email,
      firstName: users.firstName,
      isActive: users.isActive,
    });
    if (!person?.isActive) throw new NoLongerFor("The person was deactivated since.");
    const { renderCalendarMessage, personalLinks } = await rendering();
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
  const {
    AnnouncementEmail,
    announcementContent,
    labelledTimes,
    MatchChangedEmail,
    proposedTimesFor,
  } = await rendering();
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
