import { calendarSettings } from "../calendar-service-settings";
import type { Config } from "../config";
import { Conflict } from "../errors";
import { CalendarReadError } from "./busy-times-provider";
import { calendarProvider } from "./calendar-service";

const TWO_WEEKS_MS = 14 * 24 * 60 * 60 * 1000;

/** Which calendar service is connected, and by which settings (names only, never values). */
export function calendarStatus(config: Config) {
  const provider = calendarProvider(config);
  const settings = Object.keys(calendarSettings).filter(
    (name) => name !== "CALENDAR_ALLOW_PRIVATE" && config[name as keyof Config] !== undefined,
  );
  return {
    provider: provider?.name ?? null,
    settings: provider ? settings : [],
    allowPrivate: config.CALENDAR_ALLOW_PRIVATE,
  };
}

/**
 * "Test connection" (docs/scheduling.md): reads the admin's own busy times for the next two
 * weeks and says what happened, in a sentence that names the setting to fix; nothing is kept.
 */
export async function testCalendarConnection(config: Config, adminEmail: string, now: Date) {
  const provider = calendarProvider(config);
  if (!provider) {
    throw new Conflict(
      "No calendar is connected: set the CalDAV, Microsoft 365 or Google Workspace settings (docs/scheduling.md) and restart.",
    );
  }
  try {
    const busy = await provider.busyTimes(
      [adminEmail],
      now,
      new Date(now.getTime() + TWO_WEEKS_MS),
    );
    const mine = busy.get(adminEmail);
    const unreadable = busy.unreadable?.get(adminEmail);
    if (unreadable) {
      return {
        connected: false,
        message: `${provider.name} answered, but your calendar cannot be read: ${unreadable}. Until it can be read, your working hours alone count (docs/scheduling.md, "What is refused").`,
      };
    }
    if (!mine) {
      return {
        connected: true,
        message: `${provider.name} answered, but has no calendar for ${adminEmail}: check the address (for CalDAV, whoever runs Cup of Joe checks the calendar path too).`,
      };
    }
    const count = mine.length;
    return {
      connected: true,
      message: `${provider.name} is connected: ${count} busy ${count === 1 ? "time" : "times"} in your calendar in the next two weeks.`,
    };
  } catch (error) {
    if (!(error instanceof CalendarReadError)) throw error;
    return { connected: false, message: error.message };
  }
}
