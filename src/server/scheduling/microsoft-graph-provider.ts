import { z } from "zod";
import type { BusyTimesProvider } from "./busy-times-provider";
import { CalendarReadError } from "./busy-times-provider";
import { type Interval, mergeSpans, toInterval } from "./intervals";
import { batches, cachedToken, callService } from "./service-requests";

export interface MicrosoftGraphSettings {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  /** https://login.microsoftonline.com, or a stand-in in tests. */
  loginUrl: string;
  /** https://graph.microsoft.com, or a stand-in in tests. */
  graphUrl: string;
  fetch: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

/** Schedules asked for in one getSchedule call. */
const SCHEDULES_PER_CALL = 20;

/** The free/busy statuses that keep a person from a chat ("free" and "workingElsewhere" do not). */
const BUSY_STATUSES = new Set(["busy", "oof", "tentative"]);

const tokenSchema = z.object({ access_token: z.string(), expires_in: z.coerce.number() });

const graphTime = z.object({ dateTime: z.string(), timeZone: z.string() });
const scheduleSchema = z.object({
  value: z.array(
    z.object({
      scheduleId: z.string(),
      scheduleItems: z
        .array(z.object({ status: z.string(), start: graphTime, end: graphTime }))
        .optional(),
      error: z.object({ message: z.string().optional() }).optional(),
    }),
  ),
});

/**
 * Busy times from Microsoft 365 (docs/scheduling.md, "Microsoft 365"): a token by the client
 * credentials grant of the app registration, then `POST /v1.0/users/{first address}/calendar/getSchedule`
 * for up to 20 people at a time, times asked and answered in UTC. Only each item's status, start
 * and end are read (the answer may carry subjects; they are dropped at once). A person Graph
 * answers with an error for (no mailbox) is left out.
 */
export function microsoftGraphProvider(settings: MicrosoftGraphSettings): BusyTimesProvider {
  const base = { fetch: settings.fetch, sleep: settings.sleep };
  const token = cachedToken(async () => {
    const answer = await callService({
      ...base,
      service: "Microsoft's token endpoint",
      url: `${settings.loginUrl.replace(/\/+$/, "")}/${encodeURIComponent(settings.tenantId)}/oauth2/v2.0/token`,
      init: {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          client_id: settings.clientId,
          client_secret: settings.clientSecret,
          scope: "https://graph.microsoft.com/.default",
          grant_type: "client_credentials",
        }).toString(),
      },
    });
    const parsed = tokenSchema.parse(answer);
    return { token: parsed.access_token, expiresInSeconds: parsed.expires_in };
  });
  return {
    name: "Microsoft 365",
    async busyTimes(emails, from, to) {
      const busy = new Map<string, Interval[]>();
      for (const batch of batches(emails, SCHEDULES_PER_CALL)) {
        const answer = await callService({
          ...base,
          service: "Microsoft Graph",
          url: `${settings.graphUrl.replace(/\/+$/, "")}/v1.0/users/${encodeURIComponent(batch[0])}/calendar/getSchedule`,
          init: {
            method: "POST",
            headers: {
              authorization: `Bearer ${await token()}`,
              "content-type": "application/json",
              prefer: 'outlook.timezone="UTC"',
            },
            body: JSON.stringify({
              schedules: batch,
              startTime: { dateTime: from.toISOString().slice(0, 19), timeZone: "UTC" },
              endTime: { dateTime: to.toISOString().slice(0, 19), timeZone: "UTC" },
              availabilityViewInterval: 30,
            }),
          },
        });
        const parsed = scheduleSchema.safeParse(answer);
        if (!parsed.success)
          throw new CalendarReadError("Microsoft Graph's answer was not a schedule.");
        for (const schedule of parsed.data.value) {
          const email = batch.find((e) => e.toLowerCase() === schedule.scheduleId.toLowerCase());
          if (!email || schedule.error) continue;
          const spans = (schedule.scheduleItems ?? [])
            .filter((item) => BUSY_STATUSES.has(item.status.toLowerCase()))
            .map((item) => ({ start: utcInstant(item.start), end: utcInstant(item.end) }));
          busy.set(email, mergeSpans(spans).map(toInterval));
        }
      }
      return busy;
    },
  };
}

/** Graph's `{ dateTime: "2027-03-02T09:00:00.0000000", timeZone: "UTC" }` as milliseconds. */
function utcInstant(time: { dateTime: string; timeZone: string }): number {
  if (time.timeZone !== "UTC") {
    throw new CalendarReadError(
      `Microsoft Graph answered in ${time.timeZone}, not in UTC as asked.`,
    );
  }
  const ms = Date.parse(`${time.dateTime.replace(/(\.\d{3})\d*$/, "$1")}Z`);
  if (!Number.isFinite(ms))
    throw new CalendarReadError("Microsoft Graph answered a time it could not read.");
  return ms;
}
