import { existsSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import {
  SAMPLE_EMPLOYEES,
  SAMPLE_EMPLOYEES_MAX,
  SAMPLE_EMPLOYEES_MIN,
} from "../shared/sample-size";
import {
  calendarSettings,
  checkCalendarSettings,
  unknownCalendarSetting,
} from "./calendar-service-settings";
import { parseTrustProxy, type TrustProxy } from "./trust-proxy";

const booleanFlag = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ["", "0", "1", "true", "false", "yes", "no", "on", "off"].includes(v), {
    message: "must be 1/0, true/false, yes/no or on/off",
  })
  .transform((v) => ["1", "true", "yes", "on"].includes(v));

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    HOST: z.string().trim().min(1).default("127.0.0.1"),
    APP_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, { message: "must start with postgres://" })
        .optional(),
    ),
    /**
     * Connections each app process keeps to a PostgreSQL server (DATABASE_URL): every process's
     * pool together must stay under the server's max_connections (README, "Using a PostgreSQL
     * server"; docs/performance.md, "The pool's size", for why the default stays 10).
     */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, { message: "must start with smtp:// or smtps://" })
        .optional(),
    ),
    MAIL_FROM: z.string().trim().min(3).default("Cup of Joe <no-reply@cupofjoe.local>"),
    /** SMTP connections each app process keeps open (also the most newsletter mails in flight). */
    SMTP_POOL_SIZE: z.coerce.number().int().min(1).max(50).default(5),
    /** How long a worker holds claimed newsletter deliveries before another process may take them. */
    NEWSLETTER_LEASE_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
    /**
     * How long a newsletter delivery is retried while the mail server is out of reach or defers it,
     * counted from its first failure; then it fails (docs/newsletters.md, "When the mail server is down").
     */
    NEWSLETTER_RETRY_HOURS: z.coerce.number().positive().max(720).default(24),
    ADMIN_EMAIL: optionalText.pipe(z.email({ message: "must be an e-mail address" }).optional()),
    ADMIN_PASSWORD: optionalText.pipe(
      z.string().min(12, { message: "must be at least 12 characters" }).optional(),
    ),
    DEMO: booleanFlag.default(false),
    /** Everyone in a match shares at least this much working time in two weeks (docs/profile.md). */
    MIN_OVERLAP_MINUTES: z.coerce.number().int().min(0).max(20_160).default(60),
    /** Employees in the sample company DEMO=1 seeds (once per database). */
    DEMO_EMPLOYEES: z.coerce
      .number()
      .int()
      .min(SAMPLE_EMPLOYEES_MIN)
      .max(SAMPLE_EMPLOYEES_MAX)
      .default(SAMPLE_EMPLOYEES),
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    /** Key for hashing sign-in codes and tokens; derived from DATA_DIR's secret file when unset. */
    AUTH_SECRET: optionalText.pipe(
      z.string().min(32, { message: "must be at least 32 characters" }).optional(),
    ),
    OPERATOR_EMAIL: optionalText.pipe(z.email({ message: "must be an e-mail address" }).optional()),
    /** The company's OpenID Provider, found by discovery (docs/sign-in.md, "Single sign-on"). */
    OIDC_ISSUER: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    OIDC_CLIENT_ID: optionalText,
    /** Unset for a public client (PKCE alone). */
    OIDC_CLIENT_SECRET: optionalText,
    /** The provider's name on the sign-in button ("Sign in with Okta"). */
    OIDC_NAME: optionalText.pipe(z.string().max(60).optional()),
    /** `off` leaves single sign-on (and the admin password) as the only ways in. */
    EMAIL_SIGN_IN: booleanFlag.default(true),
    /** Bearer token of SCIM provisioning at /scim/v2; unset turns SCIM off (docs/provisioning.md). */
    SCIM_TOKEN: optionalText.pipe(
      z.string().min(32, { message: "must be at least 32 characters" }).optional(),
    ),
    /** The Slack app's bot token (`xoxb-…`); unset leaves Slack off (docs/chat.md). */
    SLACK_BOT_TOKEN: optionalText,
    /** The Slack app's signing secret: interactions are verified with it (docs/chat.md). */
    SLACK_SIGNING_SECRET: optionalText,
    /** Base of Slack's Web API; tests and proxies point it elsewhere. */
    SLACK_API_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    /** The Teams app's registration (docs/chat.md, "Microsoft Teams"); unset leaves Teams off. */
    TEAMS_APP_ID: optionalText.pipe(
      z.uuid({ message: "must be the app registration's Application (client) ID" }).optional(),
    ),
    /** The app registration's client secret. */
    TEAMS_APP_PASSWORD: optionalText,
    /** The Microsoft 365 tenant whose people the app reaches (its Directory (tenant) ID). */
    TEAMS_TENANT_ID: optionalText,
    /** Base of the Bot Connector; tests and proxies point it elsewhere. */
    TEAMS_SERVICE_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    /** Bot Framework's OpenID metadata (its signing keys); tests point it at a stand-in. */
    TEAMS_OPENID_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    /**
     * Lets webhooks reach loopback, link-local and private addresses, for a company whose receiver
     * runs inside its own network (docs/chat.md, "Private addresses"); off, they are refused.
     */
    WEBHOOK_ALLOW_PRIVATE: booleanFlag.default(false),
    /**
     * The load balancers whose X-Forwarded-For is believed: addresses, networks or a hop count, so
     * every per-address limit counts the real client (docs/operations.md, "Behind a load balancer").
     */
    TRUST_PROXY: optionalText.transform((value, ctx): TrustProxy | undefined => {
      if (value === undefined) return undefined;
      const parsed = parseTrustProxy(value);
      if ("trust" in parsed) return parsed.trust;
      ctx.addIssue({ code: "custom", message: parsed.error });
      return z.NEVER;
    }),
    /** Bearer token of /metrics (Prometheus' text format); unset turns metrics off (docs/monitoring.md). */
    METRICS_TOKEN: optionalText.pipe(
      z.string().min(32, { message: "must be at least 32 characters" }).optional(),
    ),
    /**
     * After a SIGTERM the process answers not ready and keeps serving this long, so a load
     * balancer stops sending it requests before it closes (docs/monitoring.md, "Stopping").
     */
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
    /**
     * Development only: the instant the app's clock starts at, running on from there, for walking
     * a month (README.md, "Development"); refused when NODE_ENV=production.
     */
    CLOCK_START: optionalText.pipe(
      z.iso
        .datetime({ offset: true, message: "must be an instant such as 2027-03-25T09:00:00Z" })
        .optional(),
    ),
    ...calendarSettings,
  })
  .superRefine((env, ctx) => {
    if (env.ADMIN_PASSWORD && !env.ADMIN_EMAIL) {
      ctx.addIssue({
        code: "custom",
        path: ["ADMIN_EMAIL"],
        message: "is required with ADMIN_PASSWORD",
      });
    }
    if (env.OIDC_ISSUER && !env.OIDC_CLIENT_ID) {
      ctx.addIssue({
        code: "custom",
        path: ["OIDC_CLIENT_ID"],
        message: "is required with OIDC_ISSUER",
      });
    }
    if (env.SLACK_BOT_TOKEN && !env.SLACK_SIGNING_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SLACK_SIGNING_SECRET"],
        message: "is required with SLACK_BOT_TOKEN (the check-in buttons are verified with it)",
      });
    }
    if (env.CLOCK_START && env.NODE_ENV === "production") {
      ctx.addIssue({
        code: "custom",
        path: ["CLOCK_START"],
        message: "moves the app's clock for a walk in development only; unset it in production",
      });
    }
    checkTeamsSettings(env, ctx);
    checkCalendarSettings(env, ctx);
    if (!env.EMAIL_SIGN_IN && !env.OIDC_ISSUER) {
      ctx.addIssue({
        code: "custom",
        path: ["EMAIL_SIGN_IN"],
        message: "can be off only with OIDC_ISSUER (employees need a way in)",
      });
    }
  });

/** Teams' three settings come together or not at all (docs/chat.md, "Microsoft Teams"). */
function checkTeamsSettings(
  env: { TEAMS_APP_ID?: string; TEAMS_APP_PASSWORD?: string; TEAMS_TENANT_ID?: string },
  ctx: z.RefinementCtx,
) {
  const names = ["TEAMS_APP_ID", "TEAMS_APP_PASSWORD", "TEAMS_TENANT_ID"] as const;
  const given = names.find((name) => env[name] !== undefined);
  if (!given) return;
  for (const name of names) {
    if (env[name] === undefined) {
      ctx.addIssue({ code: "custom", path: [name], message: `is required with ${given} (Teams)` });
    }
  }
}

export type Config = z.infer<typeof envSchema> & {
  appUrl: string;
  appOrigin: string;
  secureCookies: boolean;
  dataDir: string;
  dbDir: string;
  uploadsDir: string;
};

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv | Record<string, string | undefined>): Config {
  const unknown = unknownCalendarSetting(env);
  if (unknown) throw new ConfigError(unknown);
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue.path[0] ?? "environment");
    throw new ConfigError(`Invalid ${variable}: ${issue.message}`);
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  return {
    ...values,
    ...urlFields(values.APP_URL ?? `http://${hostForUrl(values.HOST)}:${values.PORT}`),
    dataDir,
    dbDir: path.join(dataDir, "db"),
    uploadsDir: path.join(dataDir, "uploads"),
  };
}

/**
 * The config once the server listens on `port`: without APP_URL, links name the port the server
 * got (PORT=0 asks the system for a free one); an explicit APP_URL is kept as given.
 */
export function withListeningPort(config: Config, port: number): Config {
  if (config.APP_URL) return config;
  return { ...config, ...urlFields(`http://${hostForUrl(config.HOST)}:${port}`) };
}

function urlFields(url: string): Pick<Config, "appUrl" | "appOrigin" | "secureCookies"> {
  const appUrl = url.replace(/\/+$/, "");
  return {
    appUrl,
    appOrigin: new URL(appUrl).origin,
    secureCookies: appUrl.startsWith("https://"),
  };
}

function hostForUrl(host: string): string {
  if (host === "0.0.0.0" || host === "::") return "localhost";
  return host.includes(":") ? `[${host}]` : host;
}

/** Reads `.env` from the working directory when present; real environment variables win. */
export function loadDotEnv(file = ".env"): void {
  if (existsSync(file)) process.loadEnvFile(file);
}
