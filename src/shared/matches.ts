import { z } from "zod";
import type { ChatAnswers } from "./chat-happened";
import { connectionStatuses, matchStatuses } from "./enums";
import { coffeeChatsOf } from "./figure-definitions";
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

export const matchPartnerSchema = z.object({
  id: z.string(),
  profileImageUrl: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** The department's name as stored on the user. */
  department: z.string().nullable(),
  /** The department's display name, or the stored name when no department row matches. */
  departmentDisplayName: z.string().nullable(),
  email: z.string(),
  bio: z.string().nullable(),
});
export type MatchPartner = z.infer<typeof matchPartnerSchema>;

const isoTime = z.string();

/** One member of a match and their answer, in the match's order. */
export const matchMemberSchema = z.object({
  userId: z.string(),
  connectionStatus: z.enum(connectionStatuses),
  confirmedAt: isoTime.nullable(),
});
export type MatchMemberFields = z.infer<typeof matchMemberSchema>;

/**
 * A match's fields. `members` lists everyone (2 to 4 people); the `user1…user3` fields repeat the
 * first three members for clients written when a match held at most three.
 */
export const matchFieldsSchema = z.object({
  id: z.number().int(),
  pairingId: z.number().int(),
  user1Id: z.string(),
  user2Id: z.string(),
  user3Id: z.string().nullable(),
  matchDate: isoTime,
  month: z.string(),
  status: z.enum(matchStatuses),
  completedAt: isoTime.nullable(),
  user1ConnectionStatus: z.enum(connectionStatuses),
  user2ConnectionStatus: z.enum(connectionStatuses),
  user3ConnectionStatus: z.enum(connectionStatuses).nullable(),
  user1ConfirmedAt: isoTime.nullable(),
  user2ConfirmedAt: isoTime.nullable(),
  user3ConfirmedAt: isoTime.nullable(),
  members: z.array(matchMemberSchema),
  createdAt: isoTime,
});
export type MatchFields = z.infer<typeof matchFieldsSchema>;

/** One match as the signed-in member sees it. */
export const matchItemSchema = z
  .object({
    match: matchFieldsSchema,
    /** The first other member (the only one in a pair). */
    partner: matchPartnerSchema,
    /** Every other member: one for a pair, up to three for a match of four. */
    partners: z.array(matchPartnerSchema),
    /** The caller's own side of the match. */
    myConnectionStatus: z.enum(connectionStatuses),
    /** The match's pairing still runs: answers may be given and changed until it is completed. */
    pairingOpen: z.boolean(),
  })
  .meta({ id: "MatchItem" });
export type MatchItem = z.infer<typeof matchItemSchema>;

/**
 * How the current match meets and what its members share, in the intro's words as the reader
 * alone reads them (match-together.ts): drawn from the members' own choices, never their "never
 * with" lists, and of the interests only those the reader chose too.
 */
export const matchTogetherSchema = z.object({
  /** "In person at the Berlin office" or "Online"; null when nobody stated a way or an office. */
  meeting: z.string().nullable(),
  /** "You both like climbing."; in a group also "You and Ana both like chess."; null for none. */
  shared: z.string().nullable(),
});
export type MatchTogether = z.infer<typeof matchTogetherSchema>;

/**
 * The match's booked chat, the same for every member whoever booked it (docs/matches.md, "Booking
 * a time"): its start as an ISO 8601 instant, shown in each reader's own zone.
 */
const matchBookingSchema = z.object({
  start: isoTime.meta({ example: "2027-03-16T09:00:00.000Z" }),
});

/**
 * The current match as its member sees it, with how they meet, what they share and its booked
 * time (null until someone books one).
 */
export const currentMatchItemSchema = matchItemSchema
  .extend({ together: matchTogetherSchema, booking: matchBookingSchema.nullable() })
  .meta({ id: "CurrentMatchItem" });
export type CurrentMatchItem = z.infer<typeof currentMatchItemSchema>;

/** GET /api/matches/current */
export const currentMatchResponseSchema = z.union([
  currentMatchItemSchema,
  z.object({
    match: z.null(),
    partner: z.null(),
    // An empty list: `z.tuple([])` would become `anyOf: []` in the document, which JSON Schema
    // refuses (docs/api.md).
    partners: z.array(z.never()),
    myConnectionStatus: z.null(),
    pairingOpen: z.literal(false),
    together: z.null(),
    booking: z.null(),
  }),
]);
export type CurrentMatchResponse = z.infer<typeof currentMatchResponseSchema>;

/**
 * A past match with its booked chat (null when nobody booked one or it was cancelled): a pairing
 * an admin completed early keeps a booking made for after that day, and the member's history
 * shows it while it is still to come, as the invitation stays in their calendar
 * (docs/scheduling.md, "When the round completes first").
 */
export const historyItemSchema = matchItemSchema
  .extend({ booking: matchBookingSchema.nullable() })
  .meta({ id: "HistoryMatchItem" });
export type HistoryItem = z.infer<typeof historyItemSchema>;

/** GET /api/matches/history */
export const matchHistoryResponseSchema = z.array(historyItemSchema);
export type MatchHistoryResponse = z.infer<typeof matchHistoryResponseSchema>;

/** PUT /api/matches/:id/complete and …/connection-status: the match after the change. */
export const matchChangedSchema = matchItemSchema.extend({ message: z.string() });

/**
 * Why a member is left out of the next pairing (docs/matches.md, "Next pairing");
 * `asked_if_still_in`: asked "Still up for coffee chats?" and not answered yet.
 */
export const nextPairingAways = [
  "paused",
  "skipping",
  "opted_out",
  "on_leave",
  "asked_if_still_in",
] as const;
export type NextPairingAway = (typeof nextPairingAways)[number];

/** GET /api/next-pairing: the first pairing day the member is in, and why not the next one. */
export const nextPairingResponseSchema = z.object({
  /** Display text, e.g. "Monday, April 5, 2027"; null when they are not back by themselves. */
  date: z.string().nullable(),
  /** The same day as YYYY-MM-DD. */
  iso: z.string().nullable(),
  /** Null when they are in the next pairing. */
  away: z.enum(nextPairingAways).nullable(),
});
export type NextPairingResponse = z.infer<typeof nextPairingResponseSchema>;

/**
 * Dashboard stats over every match of the person's, the current one included: Total Matches, and
 * Coffee Chats and New Connections = the matches whose chat happened (coffeeChatsOf).
 */
export function matchStats(
  history: readonly { match: ChatAnswers }[],
  current: { match: ChatAnswers } | null = null,
) {
  const mine = current ? [current, ...history] : history;
  const chats = coffeeChatsOf(mine);
  return { totalMatches: mine.length, coffeeChats: chats, newConnections: chats };
}

export const DASHBOARD_RECENT_MATCHES = 6;

/** "2027-03" → "March 2027"; anything else is returned unchanged. */
export function formatMatchMonth(month: string): string {
  const found = /^(\d{4})-(\d{2})$/.exec(month);
  if (!found) return month;
  const name = monthName(Number(found[2]));
  return name ? `${name} ${found[1]}` : month;
}

/** "Ada", "Ada and Ben", "Ada, Ben and Cy": a match's partners in a sentence. */
export function joinNames(names: readonly string[], none = "your partner"): string {
  if (names.length <= 1) return names[0] ?? none;
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
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

/**
 * A Google Calendar "create event" link with the same slot as the match's invitation, for the
 * person's own calendar only: the app e-mails the invitation to everyone (docs/matches.md).
 */
export function googleCalendarUrl(options: {
  title: string;
  details: string;
  start: Date;
  end: Date;
}): string {
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: options.title,
    dates: `${calendarStamp(options.start)}/${calendarStamp(options.end)}`,
    details: options.details,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
