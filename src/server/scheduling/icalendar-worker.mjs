// The busy time in one person's iCalendar objects, computed in a worker thread
// (icalendar-expansion.ts starts it and ends it at the deadline). Plain JavaScript importing only
// packages, so the same file runs under the tests' TypeScript loader and beside the compiled
// server (docs/scheduling.md, "What is refused").
import { parentPort } from "node:worker_threads";
import { TZDate } from "@date-fns/tz";
import ICAL from "ical.js";

/** An object that cannot be read within the budget; the message says why, naming no person. */
class Unreadable extends Error {}

/** Days a month can have, leap years counted: index 0 is January. */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** More than any change of offset between a start read in a zone and the same start plus a span. */
const DAY_MS = 24 * 60 * 60 * 1000;

parentPort?.postMessage({ ready: true });
parentPort?.on("message", (job) => {
  try {
    parentPort?.postMessage({ id: job.id, spans: busyOf(job) });
  } catch (error) {
    const reason =
      error instanceof Unreadable
        ? error.message
        : `an event that could not be read (${error instanceof Error ? error.message : String(error)})`;
    parentPort?.postMessage({ id: job.id, unreadable: reason.slice(0, 300) });
  }
});

/**
 * Every busy occurrence between `from` and `to` (milliseconds) as [start, end] pairs, unmerged.
 * Budget: `stepsPerEvent` and `stepsPerRead` occurrences walked, and `msPerEvent` spent on one
 * event, checked between two occurrences (the thread's deadline covers a single long step).
 */
function busyOf({ texts, from, to, budget }) {
  const window = { start: from, end: to };
  const counter = { steps: 0, budget };
  const busy = [];
  const events = texts.flatMap((text) => seriesOf(new ICAL.Component(ICAL.parse(text))));
  for (const event of events) {
    for (const property of event.component.getAllProperties("rrule")) refuseImpossible(property);
  }
  for (const event of events) busy.push(...occurrences(event, window, counter));
  return busy;
}

/** Each UID's event with its changed occurrences attached. */
function seriesOf(calendar) {
  const events = calendar.getAllSubcomponents("vevent");
  const masters = new Map();
  for (const component of events) {
    if (!component.hasProperty("recurrence-id")) {
      const event = new ICAL.Event(component);
      masters.set(event.uid, event);
    }
  }
  const lone = [];
  for (const component of events) {
    if (!component.hasProperty("recurrence-id")) continue;
    const exception = new ICAL.Event(component);
    const master = masters.get(exception.uid);
    if (master) master.relateException(exception);
    else lone.push(exception); // a changed occurrence sent without its series
  }
  return [...masters.values(), ...lone];
}

function occurrences(event, window, counter) {
  const spans = [];
  const add = (item, start, end) => {
    if (!isBusy(item)) return;
    const span = [instant(start, tzidOf(item)), instant(end, tzidOf(item))];
    if (span[1] > window.start && span[0] < window.end) spans.push(span);
  };
  if (!event.isRecurring()) {
    add(event, event.startDate, event.endDate);
    return spans;
  }
  const started = Date.now();
  const { stepsPerEvent, stepsPerRead, msPerEvent } = counter.budget;
  // Details are worked out only near the range, unless occurrences were changed (RECURRENCE-ID).
  const changed = Object.keys(event.exceptions).length > 0;
  const lastingMs = event.duration.toSeconds() * 1000;
  const iterator = event.iterator();
  for (let steps = 0, next = iterator.next(); next; steps++) {
    if (steps >= stepsPerEvent) {
      throw new Unreadable(
        `an event that repeats more than ${stepsPerEvent} times before the weeks read`,
      );
    }
    if (++counter.steps > stepsPerRead) {
      throw new Unreadable(
        `events that repeat more than ${stepsPerRead} times in all before the weeks read`,
      );
    }
    if (Date.now() - started > msPerEvent) {
      throw new Unreadable(`an event whose repetitions take longer than ${msPerEvent} ms to read`);
    }
    // The wall-clock time read as UTC is within a day of the instant: the zone's offset, which
    // costs far more than the step, is worked out only near the range.
    const wall = wallClockMs(next);
    if (wall - DAY_MS >= window.end) break;
    if (changed || wall + lastingMs + DAY_MS > window.start) {
      if (instant(next, tzidOf(event)) >= window.end) break;
      const details = event.getOccurrenceDetails(next);
      add(details.item, details.startDate, details.endDate);
    }
    next = iterator.next();
  }
  return spans;
}

/**
 * Refuses a rule no date can satisfy (a 30th of February, a 31st of April): ical.js would search
 * for its next occurrence without end.
 */
function refuseImpossible(property) {
  const rule = property.getFirstValue();
  const months = rule.parts.BYMONTH ?? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
  const monthDays = rule.parts.BYMONTHDAY;
  const yearDays = rule.parts.BYYEARDAY;
  const possible =
    (!monthDays ||
      months.some((month) =>
        monthDays.some((day) => day !== 0 && Math.abs(day) <= (MONTH_DAYS[month - 1] ?? 0)),
      )) &&
    months.every((month) => month >= 1 && month <= 12) &&
    (!yearDays || yearDays.some((day) => day !== 0 && Math.abs(day) <= 366));
  if (!possible) throw new Unreadable(`an event repeating by a rule no date fits (${rule})`);
}

function isBusy(event) {
  const component = event.component;
  const transparency = String(component.getFirstPropertyValue("transp") ?? "OPAQUE").toUpperCase();
  const status = String(component.getFirstPropertyValue("status") ?? "").toUpperCase();
  return transparency !== "TRANSPARENT" && status !== "CANCELLED";
}

/** The TZID its start names, for a zone the object does not define. */
function tzidOf(event) {
  const tzid = event.component.getFirstProperty("dtstart")?.getParameter("tzid");
  return typeof tzid === "string" ? tzid : undefined;
}

function isTimeZone(value) {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const wallClockMs = (time) =>
  Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);

/**
 * Milliseconds of an iCalendar time: in the zone ical.js found for it (a VTIMEZONE of the object,
 * or UTC), else in the IANA zone `tzid` names, else (floating, or an unknown name) in UTC.
 */
function instant(time, tzid) {
  if (!time.isDate && time.zone && time.zone.tzid !== "floating") return time.toUnixTime() * 1000;
  if (!time.isDate && tzid && isTimeZone(tzid)) {
    const { year, month, day, hour, minute, second } = time;
    return TZDate.tz(tzid, year, month - 1, day, hour, minute, second).getTime();
  }
  return wallClockMs(time);
}
