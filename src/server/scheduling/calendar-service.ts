import type { Config } from "../config";
import { pinnedFetch } from "../outbound/pinned-fetch";
import type { BusyTimesProvider } from "./busy-times-provider";
import { caldavProvider } from "./caldav-provider";
import { googleProvider } from "./google-provider";
import { microsoftGraphProvider } from "./microsoft-graph-provider";

const made = new WeakMap<Config, BusyTimesProvider | null>();

/**
 * The calendar service the admin connected (docs/scheduling.md), or undefined when none is: then
 * everyone's working hours alone count. One per config, so a token is fetched once per process.
 */
export function calendarProvider(config: Config): BusyTimesProvider | undefined {
  if (!made.has(config)) made.set(config, providerOf(config) ?? null);
  return made.get(config) ?? undefined;
}

/**
 * The most bytes read of one answer (docs/scheduling.md, "What is refused"), before any parsing. A
 * CalDAV answer is parsed as XML on the event loop by tsdav (about a quarter of a second per MB):
 * two weeks of one person's events are a few kilobytes each.
 */
const MAX_CALDAV_ANSWER_BYTES = 2_000_000;
const MAX_JSON_ANSWER_BYTES = 20_000_000;

function providerOf(config: Config): BusyTimesProvider | undefined {
  const fetchUpTo = (maxBytes: number) =>
    pinnedFetch({
      allowPrivate: config.CALENDAR_ALLOW_PRIVATE,
      refusal:
        "calendars are read only from public addresses unless CALENDAR_ALLOW_PRIVATE=1 is set",
      timeoutMs: 20_000,
      maxBytes,
    });
  const fetch = fetchUpTo(MAX_JSON_ANSWER_BYTES);
  if (
    config.CALDAV_URL &&
    config.CALDAV_USERNAME &&
    config.CALDAV_PASSWORD &&
    config.CALDAV_CALENDAR_PATH
  ) {
    return caldavProvider({
      url: config.CALDAV_URL,
      username: config.CALDAV_USERNAME,
      password: config.CALDAV_PASSWORD,
      calendarPath: config.CALDAV_CALENDAR_PATH,
      fetch: fetchUpTo(MAX_CALDAV_ANSWER_BYTES),
    });
  }
  if (config.MICROSOFT_TENANT_ID && config.MICROSOFT_CLIENT_ID && config.MICROSOFT_CLIENT_SECRET) {
    return microsoftGraphProvider({
      tenantId: config.MICROSOFT_TENANT_ID,
      clientId: config.MICROSOFT_CLIENT_ID,
      clientSecret: config.MICROSOFT_CLIENT_SECRET,
      loginUrl: config.MICROSOFT_LOGIN_URL ?? "https://login.microsoftonline.com",
      graphUrl: config.MICROSOFT_GRAPH_URL ?? "https://graph.microsoft.com",
      fetch,
    });
  }
  if (
    config.GOOGLE_SERVICE_ACCOUNT_EMAIL &&
    config.GOOGLE_PRIVATE_KEY &&
    config.GOOGLE_DELEGATED_USER
  ) {
    return googleProvider({
      serviceAccountEmail: config.GOOGLE_SERVICE_ACCOUNT_EMAIL,
      privateKey: config.GOOGLE_PRIVATE_KEY,
      delegatedUser: config.GOOGLE_DELEGATED_USER,
      tokenUrl: config.GOOGLE_TOKEN_URL ?? "https://oauth2.googleapis.com/token",
      calendarUrl: config.GOOGLE_CALENDAR_URL ?? "https://www.googleapis.com/calendar/v3",
      fetch,
    });
  }
  return undefined;
}
