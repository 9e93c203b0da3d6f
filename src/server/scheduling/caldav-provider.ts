import { AnswerTooLarge } from "../outbound/capped-fetch";
import { printError } from "../terminal";
import { busyFromICalendar, CalendarUnreadable } from "./busy-from-icalendar";
import {
  type BusyRead,
  type BusyTimesProvider,
  CalendarReadError,
  eachLimited,
} from "./busy-times-provider";
import { type Interval, toInterval } from "./intervals";

export interface CaldavSettings {
  url: string;
  username: string;
  password: string;
  /** Where each person's calendar is, below `url`: `{email}` stands for their address. */
  calendarPath: string;
  fetch: typeof fetch;
  /** Where a calendar that cannot be read is reported (the reason, never the address). */
  log?: (line: string) => void;
}

/** Calendars read at once. */
const PARALLEL = 4;

/** `20270302T100000Z`, the form of a CalDAV time-range. */
const caldavTime = (date: Date) => `${date.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;

/**
 * Busy times over CalDAV (RFC 4791): one calendar-query REPORT per person over the time range,
 * asking for the events' iCalendar data, from which busy-from-icalendar.ts keeps the instants.
 * A person whose calendar does not exist (404) is left out; a refusal of the account (401, 403)
 * or an unreachable server fails the whole read. A person whose calendar cannot be read within
 * the budget (busy-from-icalendar.ts) counts as free, their working hours alone, and is named in
 * `unreadable` with the reason.
 */
export function caldavProvider(settings: CaldavSettings): BusyTimesProvider {
  const authorization = `Basic ${Buffer.from(`${settings.username}:${settings.password}`).toString("base64")}`;
  const fetchChecked = answerChecked(settings.fetch);
  const log = settings.log ?? printError;
  return {
    name: "CalDAV",
    async busyTimes(emails, from, to) {
      const busy: BusyRead = new Map<string, Interval[]>();
      const unreadable = new Map<string, string>();
      // Loaded with the first calendar read (docs/performance.md, "A lighter start").
      const { calendarQuery } = await import("tsdav");
      await eachLimited(emails, PARALLEL, async (email) => {
        const url = calendarUrl(settings, email);
        try {
          const answers = await calendarQuery({
            url,
            props: { "d:getetag": {}, "c:calendar-data": {} },
            filters: rangeFilter(from, to),
            depth: "1",
            headers: { authorization },
            fetch: fetchChecked,
          });
          const texts = answers.map(calendarData).filter((text) => text !== "");
          busy.set(email, (await busyFromICalendar(texts, from, to)).map(toInterval));
        } catch (error) {
          if (error instanceof NoCalendar) return;
          if (!(error instanceof CalendarUnreadable)) throw error;
          busy.set(email, []);
          unreadable.set(email, error.message);
          log(`CalDAV: a calendar is unreadable, working hours alone count: ${error.message}`);
        }
      });
      if (unreadable.size > 0) busy.unreadable = unreadable;
      return busy;
    },
  };
}

/** The person's calendar collection: the template with their address, below CALDAV_URL. */
export function calendarUrl(settings: Pick<CaldavSettings, "url" | "calendarPath">, email: string) {
  const path = settings.calendarPath.replaceAll("{email}", encodeURIComponent(email.toLowerCase()));
  return new URL(path.replace(/^\/+/, ""), settings.url.replace(/\/*$/, "/")).href;
}

function rangeFilter(from: Date, to: Date) {
  return {
    "c:comp-filter": {
      _attributes: { name: "VCALENDAR" },
      "c:comp-filter": {
        _attributes: { name: "VEVENT" },
        "c:time-range": { _attributes: { start: caldavTime(from), end: caldavTime(to) } },
      },
    },
  };
}

function calendarData(answer: { props?: Record<string, unknown> }): string {
  const data = answer.props?.calendarData as string | { _cdata?: string } | undefined;
  const text = typeof data === "string" ? data : data?._cdata;
  return typeof text === "string" ? text : "";
}

class NoCalendar extends Error {}

/** The server's refusals turned into sentences the admin can act on (tsdav would fold them in). */
function answerChecked(fetchPinned: typeof fetch): typeof fetch {
  return async (input, init) => {
    let answer: Response;
    try {
      answer = await fetchPinned(input, init);
    } catch (error) {
      if (error instanceof AnswerTooLarge) {
        throw new CalendarUnreadable(`its answer is longer than ${error.maxBytes} bytes`);
      }
      const reason = error instanceof Error ? error.message : String(error);
      throw new CalendarReadError(`The CalDAV server could not be reached: ${reason}`);
    }
    if (answer.status === 404) throw new NoCalendar(String(input));
    if (answer.status === 401) {
      throw new CalendarReadError(
        "The CalDAV server refused the user name and password Cup of Joe signs in with (401): ask whoever runs Cup of Joe to check them.",
      );
    }
    if (answer.status === 403) {
      throw new CalendarReadError(
        "The CalDAV server forbids Cup of Joe's account to read this calendar (403): give that account read access to everyone's calendars.",
      );
    }
    if (answer.status >= 400) {
      throw new CalendarReadError(
        `The CalDAV server answered ${answer.status} to the calendar query.`,
      );
    }
    return answer;
  };
}
