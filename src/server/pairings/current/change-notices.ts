import { and, inArray, isNotNull } from "drizzle-orm";
import { formatMatchMonth, joinNames } from "../../../shared/matches";
import { personName } from "../../../shared/person-name";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { pairings, users } from "../../db/schema";
import { departmentNameSql } from "../../directory/departments/department-name";
import { type CalendarDelivery, syncMatchEvents } from "../../icalendar/match-calendar-events";
import type { PartnerView } from "../../mail/templates/views";
import { type MatchChangeData, matchChange } from "../../outbox/kinds/match-change";
import { queue } from "../../outbox/queue";
import { personColumns, readPeople } from "../../people-rows/read-people";
import { partnerView } from "../scope/partner-view";
import { type GroupChange, queueTeamsChangeNotes } from "./channel-change-notes";
import type { RePairNotice } from "./re-pair-mail";

export type Person = RePairNotice["person"];

/**
 * What a change to a running month's match tells each person whose partner changed
 * (docs/matches.md, "When a match changes"): collected inside the operation's transaction and
 * queued in the outbox in it.
 */
export type ChangeNotice =
  /** Someone was placed: they and their new partner(s) get the re-pair e-mail. */
  | { kind: "re-paired"; notice: RePairNotice }
  /** Someone left a match of three or four: the others go on without them. */
  | { kind: "group-smaller"; pairingId: number; month: string; left: Person; staying: Person[] }
  /** Someone left a pair and nobody without a partner could meet the other. */
  | { kind: "left-alone"; pairingId: number; month: string; left: Person; person: Person }
  /** An admin deleted the running pairing: this person's match is off. */
  | {
      kind: "pairing-deleted";
      pairingId: number;
      month: string;
      person: Person;
      partners: Person[];
    }
  /** A partner said this person is away: they are out of this month's chat unless they say otherwise. */
  | { kind: "reported-away"; month: string; person: Person; notAwayUrl: string };

/** One e-mail of a change, to one address. */
interface MatchChangeMail {
  email: string;
  data: MatchChangeData;
}

/**
 * Queues every notice's e-mails in the outbox (kind `match-change`), in the change's own
 * transaction: they commit with the change, are sent by the outbox job after it and retried
 * through a mail outage (docs/mail.md). Answers how many e-mails were queued.
 *
 * A change to a pairing whose matches nobody was told yet (no announcement or newsletter of it
 * started sending: `markPairingAnnounced`) is silent: the announcement tells the final match (docs/matches.md,
 * "When a match changes").
 */
export async function queueChangeNotices(
  ctx: AppContext,
  tx: Tx,
  all: readonly ChangeNotice[],
): Promise<number> {
  const notices = await toldNotices(tx, all);
  const views = await partnerViews(ctx, tx, notices);
  const mails = notices.flatMap((notice): MatchChangeMail[] =>
    notice.kind === "re-paired"
      ? rePairMails(notice.notice, views)
      : mailsOf(notice).map(([recipient, lines, action]) => ({
          email: recipient.email,
          data: {
            via: "plain",
            userId: recipient.id,
            subject: titleOf(notice),
            title: titleOf(notice),
            lines,
            ...(action ? { action } : {}),
          },
        })),
  );
  const calendars = await syncMatchEvents(ctx, tx, notices.flatMap(peopleOf));
  // Said in Teams too; whoever is told there alone gets no e-mail of it (docs/chat.md).
  const inChannels = await queueTeamsChangeNotes(ctx, tx, {
    mails,
    groups: notices.flatMap(groupChangeOf),
  });
  const emailed = mails.filter((m) => !inChannels.has(m.data.userId));
  let queued = 0;
  for (const mail of withCalendars(emailed, calendars)) {
    queued += await queue(ctx, tx, matchChange, [mail.email], mail.data);
  }
  return queued;
}

/**
 * The pairing a notice changes; none for a report of being away, which a partner made, and for a
 * deleted pairing, whose deletion asks before it is gone.
 */
function pairingOf(notice: ChangeNotice): number | null {
  if (notice.kind === "re-paired") return notice.notice.pairingId;
  return notice.kind === "group-smaller" || notice.kind === "left-alone" ? notice.pairingId : null;
}

/** The notices of pairings whose members were told their matches (`announced_at` is set). */
async function toldNotices(tx: Tx, notices: readonly ChangeNotice[]): Promise<ChangeNotice[]> {
  const ids = [...new Set(notices.flatMap((n) => pairingOf(n) ?? []))];
  if (ids.length === 0) return [...notices];
  const announced = await tx
    .select({ id: pairings.id })
    .from(pairings)
    .where(and(inArray(pairings.id, ids), isNotNull(pairings.announcedAt)));
  const told = new Set(announced.map((row) => row.id));
  return notices.filter((n) => {
    const id = pairingOf(n);
    return id === null || told.has(id);
  });
}

/** How a re-pair's e-mails show each partner, read in the change's transaction. */
async function partnerViews(
  ctx: AppContext,
  tx: Tx,
  notices: readonly ChangeNotice[],
): Promise<Map<string, PartnerView>> {
  const ids = notices.flatMap((n) =>
    n.kind === "re-paired" ? [n.notice.person, ...n.notice.partners].map((p) => p.id) : [],
  );
  const rows = await readPeople(tx, ids, {
    ...personColumns,
    departmentDisplayName: departmentNameSql(users.email, users.department),
    bio: users.bio,
    profileImageUrl: users.profileImageUrl,
  });
  return new Map(rows.map((row) => [row.id, partnerView(ctx.config.appUrl, row)]));
}

/** Everyone a notice is about: whose matches' calendar events may have changed. */
function peopleOf(notice: ChangeNotice): string[] {
  switch (notice.kind) {
    case "re-paired":
      return [notice.notice.person, ...notice.notice.partners].map((p) => p.id);
    case "group-smaller":
      return [notice.left, ...notice.staying].map((p) => p.id);
    case "left-alone":
      return [notice.left.id, notice.person.id];
    case "pairing-deleted":
      return [notice.person, ...notice.partners].map((p) => p.id);
    case "reported-away":
      return [notice.person.id];
  }
}

/**
 * The calendar messages of a change (docs/matches.md, "The calendar invitation") ride on the
 * person's e-mail about it; one with no e-mail to ride on (or a second for the same person: the
 * old match cancelled, the new one updated) goes as its own short e-mail.
 */
function withCalendars(
  mails: MatchChangeMail[],
  calendars: readonly CalendarDelivery[],
): MatchChangeMail[] {
  const result = mails.map((mail) => ({ ...mail, data: { ...mail.data } }));
  for (const { userId, email, message } of calendars) {
    const carrier = result.find(
      (m) => m.data.userId === userId && !m.data.calendar && m.data.via !== "calendar",
    );
    if (carrier) carrier.data.calendar = message;
    else result.push({ email, data: { via: "calendar", userId, calendar: message } });
  }
  return result;
}

/**
 * A re-pair tells everyone in the person's new match, each in their own e-mail: the short match
 * announcement (the newsletter's "Your Match" section) with a sentence of what changed.
 */
function rePairMails(notice: RePairNotice, views: Map<string, PartnerView>): MatchChangeMail[] {
  const period = formatMatchMonth(notice.month);
  const everyone = [notice.person, ...notice.partners];
  return everyone.map((recipient) => {
    const partners = everyone.filter((p) => p.id !== recipient.id);
    return {
      email: recipient.email,
      data: {
        via: "match",
        userId: recipient.id,
        pairingId: notice.pairingId,
        month: notice.month,
        subject: `Your Cup of Joe match for ${period} has changed`,
        title: "Your coffee chat match has changed",
        news: newsFor(notice, recipient, period),
        partnerIds: partners.map((p) => p.id),
        partners: partners.flatMap((p) => views.get(p.id) ?? []),
      },
    };
  });
}

function newsFor(notice: RePairNotice, recipient: { id: string }, period: string): string {
  const names = notice.partners.map(personName);
  const size = notice.kind === "four" ? "four" : "three";
  if (recipient.id === notice.person.id) {
    return notice.kind === "pair"
      ? `Your coffee chat partner for ${period} is now ${names[0]}.`
      : `You join ${joinNames(names)} for a coffee chat in ${period}, as a group of ${size}.`;
  }
  const other = notice.partners.filter((p) => p.id !== recipient.id).map(personName);
  return notice.kind === "pair"
    ? `${personName(notice.person)} is your new coffee chat partner for ${period}.`
    : `${personName(notice.person)} joins ${joinNames(["you", ...other])} for your ${period} coffee chat.`;
}

/**
 * A change as the match's group chat hears it, once for everyone in it (channel-change-notes.ts):
 * someone left a group, someone joined one, or the pairing was withdrawn. A pair has no group
 * chat; a report of being away is the person's own.
 */
function groupChangeOf(notice: ChangeNotice): GroupChange[] {
  if (notice.kind === "group-smaller" && notice.staying.length > 0) {
    const period = formatMatchMonth(notice.month);
    return [
      {
        pairingId: notice.pairingId,
        tells: notice.staying.map((p) => p.id),
        title: titleOf(notice),
        lines: [
          `${personName(notice.left)} can no longer take part in ${period}.`,
          `Your coffee chat goes on with ${joinNames(notice.staying.map(personName))}: nothing else changes.`,
        ],
      },
    ];
  }
  if (notice.kind === "re-paired" && notice.notice.kind !== "pair") {
    const { person, partners, pairingId, month } = notice.notice;
    return [
      {
        pairingId,
        tells: partners.map((p) => p.id),
        title: "Your coffee chat match has changed",
        lines: [
          `${personName(person)} joins ${joinNames(partners.map(personName))} for your ${formatMatchMonth(month)} coffee chat.`,
          `${personName(person)} is not in this chat: they have their own message, so say hello on your matches page or in a chat of your own.`,
        ],
      },
    ];
  }
  if (notice.kind === "pairing-deleted" && notice.partners.length > 1) {
    const period = formatMatchMonth(notice.month);
    return [
      {
        pairingId: notice.pairingId,
        tells: [notice.person, ...notice.partners].map((p) => p.id),
        title: titleOf(notice),
        lines: [
          `An admin withdrew this month's pairing, so this ${period} coffee chat is off.`,
          "If the month is paired again, each of you hears who your new partner is; otherwise you are in next month's round as usual.",
        ],
      },
    ];
  }
  return [];
}

function titleOf(notice: Exclude<ChangeNotice, { kind: "re-paired" }>): string {
  const period = formatMatchMonth(notice.month);
  return notice.kind === "reported-away"
    ? `We heard you're away in ${period}`
    : `Your Cup of Joe match for ${period} has changed`;
}

type Mail = [Person, string[], { url: string; label: string } | undefined];

function mailsOf(notice: Exclude<ChangeNotice, { kind: "re-paired" }>): Mail[] {
  const period = formatMatchMonth(notice.month);
  if (notice.kind === "group-smaller") {
    return notice.staying.map((person) => {
      const others = notice.staying.filter((p) => p.id !== person.id).map(personName);
      return [
        person,
        [
          `${personName(notice.left)} can no longer take part in ${period}.`,
          `Your coffee chat goes on with ${joinNames(others)}: nothing else changes for you.`,
        ],
        undefined,
      ];
    });
  }
  if (notice.kind === "pairing-deleted") {
    const withWhom = notice.partners.length
      ? ` with ${joinNames(notice.partners.map(personName))}`
      : "";
    return [
      [
        notice.person,
        [
          `An admin withdrew this month's pairing, so your ${period} coffee chat${withWhom} is off.`,
          "If the month is paired again, you will get an e-mail naming your new partner; otherwise you are in next month's round as usual.",
        ],
        undefined,
      ],
    ];
  }
  if (notice.kind === "left-alone") {
    return [
      [
        notice.person,
        [
          `${personName(notice.left)} can no longer take part in ${period}, so your coffee chat with them is off.`,
          "Right now nobody without a partner is free to meet you. An admin can still pair you with someone this month; if not, you are in next month's round as usual.",
        ],
        undefined,
      ],
    ];
  }
  return [
    [
      notice.person,
      [
        `A partner of yours told us you're away in ${period}, so we took you out of this month's coffee chat and will not pair you again this month.`,
        "If that's not right, press the button: we'll put you back and find you a partner if someone is free.",
      ],
      { url: notice.notAwayUrl, label: "I'm not away" },
    ],
  ];
}
