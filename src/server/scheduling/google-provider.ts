import { createSign } from "node:crypto";
import { z } from "zod";
import { type BusyTimesProvider, CalendarReadError } from "./busy-times-provider";
import { type Interval, mergeSpans, toInterval } from "./intervals";
import { batches, cachedToken, callService } from "./service-requests";

export interface GoogleSettings {
  /** The service account's `client_email`. */
  serviceAccountEmail: string;
  /** The service account's `private_key` (PEM). */
  privateKey: string;
  /** The Workspace user the service account acts as (domain-wide delegation). */
  delegatedUser: string;
  /** https://oauth2.googleapis.com/token, or a stand-in in tests. */
  tokenUrl: string;
  /** https://www.googleapis.com/calendar/v3, or a stand-in in tests. */
  calendarUrl: string;
  fetch: typeof fetch;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** Calendars asked for in one freeBusy query (Google's calendarExpansionMax is 50). */
const CALENDARS_PER_QUERY = 50;
const SCOPE = "https://www.googleapis.com/auth/calendar.freebusy";

const tokenSchema = z.object({ access_token: z.string(), expires_in: z.coerce.number() });
const freeBusySchema = z.object({
  calendars: z.record(
    z.string(),
    z.object({
      busy: z.array(z.object({ start: z.string(), end: z.string() })).optional(),
      errors: z.array(z.object({ reason: z.string().optional() })).optional(),
    }),
  ),
});

const base64url = (data: string | Buffer) => Buffer.from(data).toString("base64url");

/** The signed assertion of RFC 7523 that Google exchanges for a token acting as `sub`. */
export function serviceAccountAssertion(settings: GoogleSettings, nowMs: number): string {
  const iat = Math.floor(nowMs / 1000);
  const header = base64url(JSON.stringify({ alg: "RS256", typ: "JWT" }));
  const claims = base64url(
    JSON.stringify({
      iss: settings.serviceAccountEmail,
      sub: settings.delegatedUser,
      scope: SCOPE,
      aud: settings.tokenUrl,
      iat,
      exp: iat + 3600,
    }),
  );
  const signature = createSign("RSA-SHA256")
    .update(`${header}.${claims}`)
    .sign(settings.privateKey);
  return `${header}.${claims}.${base64url(signature)}`;
}

/**
 * Busy times from Google Workspace (docs/scheduling.md, "Google Workspace"): a service account
 * with domain-wide delegation signs an assertion acting as the delegated user and exchanges it
 * for a token (scope calendar.freebusy), then `POST /freeBusy` for up to 50 people at a time. The
 * answer holds only busy intervals; a calendar Google reports an error for (notFound) is left out.
 */
export function googleProvider(settings: GoogleSettings): BusyTimesProvider {
  const now = settings.now ?? Date.now;
  const base = { fetch: settings.fetch, sleep: settings.sleep };
  const token = cachedToken(async () => {
    let assertion: string;
    try {
      assertion = serviceAccountAssertion(settings, now());
    } catch {
      throw new CalendarReadError(
        "The Google service account's private key could not sign: ask whoever runs Cup of Joe to paste the key's whole text.",
      );
    }
    const answer = await callService({
      ...base,
      service: "Google's token endpoint",
      url: settings.tokenUrl,
      init: {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer",
          assertion,
        }).toString(),
      },
    });
    const parsed = tokenSchema.parse(answer);
    return { token: parsed.access_token, expiresInSeconds: parsed.expires_in };
  }, now);
  return {
    name: "Google Workspace",
    async busyTimes(emails, from, to) {
      const busy = new Map<string, Interval[]>();
      for (const batch of batches(emails, CALENDARS_PER_QUERY)) {
        const answer = await callService({
          ...base,
          service: "Google Calendar",
          url: `${settings.calendarUrl.replace(/\/+$/, "")}/freeBusy`,
          init: {
            method: "POST",
            headers: {
              authorization: `Bearer ${await token()}`,
              "content-type": "application/json",
            },
            body: JSON.stringify({
              timeMin: from.toISOString(),
              timeMax: to.toISOString(),
              timeZone: "UTC",
              items: batch.map((id) => ({ id })),
            }),
          },
        });
        const parsed = freeBusySchema.safeParse(answer);
        if (!parsed.success)
          throw new CalendarReadError("Google's answer was not a free/busy answer.");
        for (const email of batch) {
          const calendar = Object.entries(parsed.data.calendars).find(
            ([id]) => id.toLowerCase() === email.toLowerCase(),
          )?.[1];
          if (!calendar || (calendar.errors?.length ?? 0) > 0) continue;
          const spans = (calendar.busy ?? []).map((b) => ({
            start: Date.parse(b.start),
            end: Date.parse(b.end),
          }));
          busy.set(email, mergeSpans(spans.filter((s) => s.start < s.end)).map(toInterval));
        }
      }
      return busy;
    },
  };
}
