import type { CalendarMessage } from "../../icalendar/match-calendar-events";
import type { PartnerView } from "../../mail/templates/views";
import type { QueuedKind } from "../message-kind";

/**
 * One e-mail of a change to a running month's match (docs/matches.md, "When a match changes"):
 * `plain` is the short "your match has changed" e-mail, `match` the short announcement of the
 * person's new match with a sentence of news, `calendar` a short e-mail around a calendar
 * message. Each may carry the match's calendar message as its text/calendar part
 * (docs/matches.md, "The calendar invitation").
 */
export type MatchChangeData = (
  | {
      via: "plain";
      userId: string;
      subject: string;
      title: string;
      lines: string[];
      action?: { url: string; label: string };
    }
  | {
      via: "match";
      userId: string;
      pairingId: number;
      /** "2027-03" */
      month: string;
      subject: string;
      title: string;
      news: string;
      /** The partners as the e-mail shows them, and who they are: it goes only while they still are. */
      partnerIds: string[];
      partners: PartnerView[];
    }
  /** Only the match's calendar invitation or cancellation, when no other e-mail can carry it. */
  | { via: "calendar"; userId: string }
) & {
  /** The match's calendar message this e-mail carries (icalendar/match-calendar-events.ts). */
  calendar?: CalendarMessage;
};

/** What a change's sender queues of the kind (its rendering: `kinds/match-change.ts`). */
export const queuedMatchChange = {
  name: "match-change",
} satisfies QueuedKind<MatchChangeData>;
