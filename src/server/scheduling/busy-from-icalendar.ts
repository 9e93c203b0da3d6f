import { TZDate } from "@date-fns/tz";
import ICAL from "ical.js";
import { isTimeZone } from "../../shared/calendar";
import { mergeSpans, type Span } from "./intervals";

/** Occurrences of one recurring event looked at, at most: a daily event of ten years is 3,650. */
const MAX_OCCURRENCES = 5_000;

/**
 * The busy time in iCalendar objects (RFC 5545) between `from` and `to`: every occurrence of every
 * event, recurrence rules, exceptions (RECURRENCE-ID) and EXDATEs included, except events that are
 * transparent (TRANSP:TRANSPARENT, "show as free") or cancelled (STATUS:CANCELLED), for the whole
 * series or one occurrence. Times are read in their VTIMEZONE, or as the IANA zone their TZID
 * names when the object carries none; floating times and all-day dates are read in UTC.
 */
export function busyFromICalendar(texts: readonly string[], from: Date, to: Date): Span[] {
  const busy: Span[] = [];
  const window = { start: from.getTime(), end: to.getTime() };
  for (const text of texts) {
    const calendar = new ICAL.Component(ICAL.parse(text));
    for (const event of seriesOf(calendar)) busy.push(...occurrences(event, window));
  }
  return mergeSpans(busy);
}

/** Each UID's event with its changed occurrences attached. */
function seriesOf(calendar: ICAL.Component): ICAL.Event[] {
  const events = calendar.getAllSubcomponents("vevent");
  const masters = new Map<string, ICAL.Event>();
  for (const component of events) {
    if (!component.hasProperty("recurrence-id")) {
      const event = new ICAL.Event(component);
      masters.set(event.uid, event);
    }
  }
  const lone: ICAL.Event[] = [];
  for (const component of events) {
    if (!component.hasProperty("recurrence-id")) continue;
    const exception = new ICAL.Event(component);
    const master = masters.get(exception.uid);
    if (master) master.relateException(exception);
    else lone.push(exception); // a changed occurrence sent without its series
  }
  return [...masters.values(), ...lone];
}

function occurrences(event: ICAL.Event, window: Span): Span[] {
  const spans: Span[] = [];
  const add = (item: ICAL.Event, start: ICAL.Time, end: ICAL.Time) => {
    if (!isBusy(item)) return;
    const span = { start: instant(start, tzidOf(item)), end: instant(end, tzidOf(item)) };
    if (span.end > window.start && span.start < window.end) spans.push(span);
  };
  if (!event.isRecurring()) {
    add(event, event.startDate, event.endDate);
    return spans;
  }
  const iterator = event.iterator();
  for (let seen = 0, next = iterator.next(); next && seen < MAX_OCCURRENCES; seen++) {
    const details = event.getOccurrenceDetails(next);
    if (instant(details.startDate, tzidOf(event)) >= window.end) break;
    add(details.item, details.startDate, details.endDate);
    next = iterator.next();
  }
  return spans;
}

function isBusy(event: ICAL.Event): boolean {
  const component = event.component;
  const transparency = String(component.getFirstPropertyValue("transp") ?? "OPAQUE").toUpperCase();
  const status = String(component.getFirstPropertyValue("status") ?? "").toUpperCase();
  return transparency !== "TRANSPARENT" && status !== "CANCELLED";
}

/** The TZID its start names, for a zone the object does not define. */
function tzidOf(event: ICAL.Event): string | undefined {
  const tzid = event.component.getFirstProperty("dtstart")?.getParameter("tzid");
  return typeof tzid === "string" ? tzid : undefined;
}

/**
 * Milliseconds of an iCalendar time: in the zone ical.js found for it (a VTIMEZONE of the object,
 * or UTC), else in the IANA zone `tzid` names, else (floating, or an unknown name) in UTC.
 */
function instant(time: ICAL.Time, tzid: string | undefined): number {
  if (!time.isDate && time.zone && time.zone.tzid !== "floating") return time.toUnixTime() * 1000;
  const { year, month, day, hour, minute, second } = time;
  if (!time.isDate && tzid && isTimeZone(tzid)) {
    return TZDate.tz(tzid, year, month - 1, day, hour, minute, second).getTime();
  }
  return Date.UTC(year, month - 1, day, hour, minute, second);
}
