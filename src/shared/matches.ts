import { z } from "zod";
import { type ChatAnswers, chatHappened } from "./chat-happened";
import type { ConnectionStatus, MatchStatus } from "./enums";
import { idSchema } from "./ids";
import { monthName } from "./months";

/** API contract for an employee's matches. */

export const connectionStatusParamsSchema = z.object({ matchId: idSchema });

/** Only the two answers a member can give; "pending" is the starting state, never set by hand. */
export const settableConnectionStatuses = ["confirmed", "not_confirmed"] as const;

export const connectionStatusBodySchema = z.object({
  status: z.enum(settableConnectionStatuses, {
    message: "Status must be confirmed or not_confirmed",
  }),
});
export type ConnectionStatusBody = z.infer<typeof connectionStatusBodySchema>;

export type MatchPartner = {
  id: string;
  profileImageUrl: string | null;
  firstName: string | null;
  lastName: string | null;
  /** The department's name as stored on the user. */
  department: string | null;
  /** The department's display name, or the stored name when no department row matches. */
  departmentDisplayName: string | null;
  email: string;
  bio: string | null;
};

export type MatchFields = {
  id: number;
  pairingId: number;
  user1Id: string;
  user2Id: string;
  user3Id: string | null;
  matchDate: string;
  month: string;
  status: MatchStatus;
  completedAt: string | null;
  user1ConnectionStatus: ConnectionStatus;
  user2ConnectionStatus: ConnectionStatus;
  user3ConnectionStatus: ConnectionStatus | null;
  user1ConfirmedAt: string | null;
  user2ConfirmedAt: string | null;
  user3ConfirmedAt: string | null;
  createdAt: string;
};

/** One match as the signed-in member sees it. */
export type MatchItem = {
  match: MatchFields;
  /** The first other member (the only one in a pair). */
  partner: MatchPartner;
  /** Every other member: one for a pair, two for a trio. */
  partners: MatchPartner[];
  /** The caller's own side of the match. */
  myConnectionStatus: ConnectionStatus;
};

export type CurrentMatchResponse =
  | MatchItem
  | { match: null; partner: null; partners: []; myConnectionStatus: null };

export type MatchHistoryResponse = MatchItem[];

export type NextPairingResponse = {
  /** Display text, e.g. "Monday, April 5, 2027". */
  date: string;
  /** The same day as YYYY-MM-DD. */
  iso: string;
};

/** Dashboard stats: totals over the history list; a coffee chat is a match that happened. */
export function matchStats(history: readonly { match: ChatAnswers }[]) {
  const completed = history.filter((item) => chatHappened(item.match)).length;
  return { totalMatches: history.length, coffeeChats: completed, newConnections: completed };
}

export const DASHBOARD_RECENT_MATCHES = 6;

/** "2027-03" → "March 2027"; anything else is returned unchanged. */
export function formatMatchMonth(month: string): string {
  const found = /^(\d{4})-(\d{2})$/.exec(month);
  if (!found) return month;
  const name = monthName(Number(found[2]));
  return name ? `${name} ${found[1]}` : month;
}

export function partnerName(partner: Pick<MatchPartner, "firstName" | "lastName" | "email">) {
  const name = [partner.firstName, partner.lastName].filter(Boolean).join(" ").trim();
  return name || partner.email.split("@")[0] || "Your match";
}

/** How long a coffee chat lasts in its invitation; its default start is `nextWeekdayMorning`. */
export const CHAT_DURATION_MINUTES = 30;

/** 2027-03-02T10:00:00.000Z → "20270302T100000Z" (iCalendar / Google Calendar UTC form). */
export function calendarStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

export function chatTitle(names: readonly string[]): string {
  return `Coffee chat: ${names.join(" & ")}`;
}

export function chatDescription(month: string): string {
  return `Your Cup of Joe coffee chat for ${formatMatchMonth(month)}. Grab a coffee, keep it casual, and get to know each other!`;
}

/** A Google Calendar "create event" link with the same slot and guests as the .ics invitation. */
export function googleCalendarUrl(options: {
  title: string;
  details: string;
  start: Date;
  end: Date;
  guests: readonly string[];
}): string {
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: options.title,
    dates: `${calendarStamp(options.start)}/${calendarStamp(options.end)}`,
    details: options.details,
    add: options.guests.join(","),
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
