import { z } from "zod";

/**
 * The company's calendar settings (docs/scheduling.md, "Connecting a calendar"), part of the
 * environment config.ts reads: one provider at most, each complete or absent.
 */

const text = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();
const httpUrl = text.pipe(z.url({ protocol: /^https?$/ }).optional());
const email = text.pipe(z.email({ message: "must be an e-mail address" }).optional());
const flag = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ["", "0", "1", "true", "false", "yes", "no", "on", "off"].includes(v), {
    message: "must be 1/0, true/false, yes/no or on/off",
  })
  .transform((v) => ["1", "true", "yes", "on"].includes(v));

/** A PEM key pasted into one line keeps its line breaks as `\n`. */
const pemKey = text.transform((v) => v?.replaceAll("\\n", "\n"));

export const calendarSettings = {
  CALDAV_URL: httpUrl,
  CALDAV_USERNAME: text,
  CALDAV_PASSWORD: text,
  /** Each person's calendar below CALDAV_URL, `{email}` standing for their address. */
  CALDAV_CALENDAR_PATH: text,
  MICROSOFT_TENANT_ID: text,
  MICROSOFT_CLIENT_ID: text,
  MICROSOFT_CLIENT_SECRET: text,
  /** Microsoft's sign-in and Graph bases; set only to point tests at a stand-in. */
  MICROSOFT_LOGIN_URL: httpUrl,
  MICROSOFT_GRAPH_URL: httpUrl,
  GOOGLE_SERVICE_ACCOUNT_EMAIL: email,
  GOOGLE_PRIVATE_KEY: pemKey,
  /** The Workspace user the service account acts as (domain-wide delegation). */
  GOOGLE_DELEGATED_USER: email,
  /** Google's token endpoint and Calendar API bases; set only to point tests at a stand-in. */
  GOOGLE_TOKEN_URL: httpUrl,
  GOOGLE_CALENDAR_URL: httpUrl,
  /** Lets calendar reads reach loopback, link-local and private addresses (a CalDAV server inside the company's network). */
  CALENDAR_ALLOW_PRIVATE: flag.default(false),
};

type CalendarEnv = { [K in keyof typeof calendarSettings]?: z.infer<(typeof calendarSettings)[K]> };

/** Each provider's settings: the ones it needs, then the optional ones. */
const providers = [
  {
    name: "CalDAV",
    required: ["CALDAV_URL", "CALDAV_USERNAME", "CALDAV_PASSWORD", "CALDAV_CALENDAR_PATH"],
    optional: [],
  },
  {
    name: "Microsoft 365",
    required: ["MICROSOFT_TENANT_ID", "MICROSOFT_CLIENT_ID", "MICROSOFT_CLIENT_SECRET"],
    optional: ["MICROSOFT_LOGIN_URL", "MICROSOFT_GRAPH_URL"],
  },
  {
    name: "Google Workspace",
    required: ["GOOGLE_SERVICE_ACCOUNT_EMAIL", "GOOGLE_PRIVATE_KEY", "GOOGLE_DELEGATED_USER"],
    optional: ["GOOGLE_TOKEN_URL", "GOOGLE_CALENDAR_URL"],
  },
] as const;

type Issue = { code: "custom"; path: string[]; message: string };

/** Incomplete or doubled providers, and malformed values, as config issues. */
export function checkCalendarSettings(env: CalendarEnv, ctx: { addIssue(issue: Issue): void }) {
  const set = (name: string) => env[name as keyof CalendarEnv] !== undefined;
  // Microsoft's addresses serve Teams too (docs/chat.md), so they alone connect no calendar.
  const configuring = (p: (typeof providers)[number]) =>
    p.name === "Microsoft 365" ? p.required : [...p.required, ...p.optional];
  const configured = providers.filter((p) => configuring(p).some(set));
  for (const provider of configured) {
    const given = configuring(provider).find(set) ?? "";
    for (const name of provider.required) {
      if (!set(name)) {
        ctx.addIssue({
          code: "custom",
          path: [name],
          message: `is required with ${given} (${provider.name})`,
        });
      }
    }
  }
  if (configured.length > 1) {
    const [first, second] = configured;
    ctx.addIssue({
      code: "custom",
      path: [second.required[0]],
      message: `cannot be set with ${first.required[0]}: connect one calendar provider (${first.name} or ${second.name})`,
    });
  }
  if (env.CALDAV_CALENDAR_PATH && !env.CALDAV_CALENDAR_PATH.includes("{email}")) {
    ctx.addIssue({
      code: "custom",
      path: ["CALDAV_CALENDAR_PATH"],
      message: "must contain {email}, e.g. /{email}/calendar/",
    });
  }
  if (
    env.GOOGLE_PRIVATE_KEY &&
    !/-----BEGIN (RSA )?PRIVATE KEY-----/.test(env.GOOGLE_PRIVATE_KEY)
  ) {
    ctx.addIssue({
      code: "custom",
      path: ["GOOGLE_PRIVATE_KEY"],
      message:
        "must be the private_key of the service account's JSON key (-----BEGIN PRIVATE KEY-----…)",
    });
  }
}

const KNOWN = new Set(Object.keys(calendarSettings));

/**
 * A CALDAV_ variable that is not a setting (a typo such as CALDAV_PASS) fails start: the
 * calendar would otherwise be silently off. Only the CALDAV_ prefix is ours alone; cloud
 * environments set MICROSOFT_ and GOOGLE_ variables of their own.
 */
export function unknownCalendarSetting(
  env: Record<string, string | undefined>,
): string | undefined {
  const unknown = Object.keys(env).find((name) => name.startsWith("CALDAV_") && !KNOWN.has(name));
  if (!unknown) return undefined;
  return `Unknown setting ${unknown}: the CalDAV settings are CALDAV_URL, CALDAV_USERNAME, CALDAV_PASSWORD and CALDAV_CALENDAR_PATH.`;
}
