import { z } from "zod";
import { cachedToken } from "../scheduling/service-requests";
import type { TeamsSettings } from "./teams-settings";

/** The longest answer read from Graph or the Bot Connector (a page of people is far smaller). */
const MAX_ANSWER_BYTES = 1024 * 1024;
/** How long one call may take before it counts as no answer. */
const CALL_TIMEOUT_MS = 20_000;

/** A refused or failed call: its HTTP status (0: no answer) and the wait the service asked for. */
export class MicrosoftCallError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

const tokenSchema = z.object({ access_token: z.string(), expires_in: z.coerce.number() });

export const GRAPH_SCOPE = "https://graph.microsoft.com/.default";
export const BOT_SCOPE = "https://api.botframework.com/.default";

/** One cached token per registration, address and scope, kept until a minute before it ends. */
const tokens = new Map<string, () => Promise<string>>();

function tokenFor(settings: TeamsSettings, scope: string): Promise<string> {
  const key = `${settings.loginUrl} ${settings.tenantId} ${settings.appId} ${scope}`;
  let token = tokens.get(key);
  if (!token) {
    token = cachedToken(async () => {
      const answer = await send(
        "Microsoft's token endpoint",
        `${settings.loginUrl}/${encodeURIComponent(settings.tenantId)}/oauth2/v2.0/token`,
        {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({
            client_id: settings.appId,
            client_secret: settings.password,
            scope,
            grant_type: "client_credentials",
          }).toString(),
        },
      );
      const parsed = tokenSchema.safeParse(answer);
      if (!parsed.success) {
        throw new MicrosoftCallError("Microsoft's token endpoint answered no token.", 502);
      }
      return { token: parsed.data.access_token, expiresInSeconds: parsed.data.expires_in };
    });
    tokens.set(key, token);
  }
  return token();
}

/** A Graph call (`/v1.0/…`) with the app's own token; answers Graph's JSON (null for 204). */
export async function graph(
  settings: TeamsSettings,
  method: "GET" | "POST",
  path: string,
  body?: unknown,
): Promise<unknown> {
  return send("Microsoft Graph", `${settings.graphUrl}/v1.0${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await tokenFor(settings, GRAPH_SCOPE)}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/**
 * A Bot Connector call (`/v3/conversations…`), always at TEAMS_SERVICE_URL: a service address an
 * activity names is never used, so the bot's token goes to Microsoft's address alone. POST opens a
 * conversation or posts an activity; PUT replaces an activity posted before.
 */
export async function connector(
  settings: TeamsSettings,
  path: string,
  body: unknown,
  method: "POST" | "PUT" = "POST",
): Promise<unknown> {
  return send("The Bot Connector", `${settings.serviceUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await tokenFor(settings, BOT_SCOPE)}`,
      "content-type": "application/json",
    },
    body: JSON.stringify(body),
  });
}

async function send(service: string, url: string, init: RequestInit): Promise<unknown> {
  let answer: Response;
  try {
    answer = await fetch(url, { ...init, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new MicrosoftCallError(`${service} could not be reached: ${reason}`, 0);
  }
  const text = await readCapped(answer, service);
  if (answer.ok) return text === "" ? null : parseJson(text, service);
  throw new MicrosoftCallError(
    `${service} answered ${answer.status}: ${serviceMessage(text)}`,
    answer.status,
    retryAfterSeconds(answer.headers.get("retry-after")),
  );
}

async function readCapped(answer: Response, service: string): Promise<string> {
  const declared = Number(answer.headers.get("content-length") ?? 0);
  if (declared > MAX_ANSWER_BYTES) {
    await answer.body?.cancel();
    throw new MicrosoftCallError(`${service} answered more than 1 MB.`, 502);
  }
  const reader = answer.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      throw new MicrosoftCallError(`${service} answered more than 1 MB.`, 502);
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** A refusal (a 4xx but a rate limit or a timeout) ends; anything else is tried again later. */
export const refusedCall = (error: MicrosoftCallError) =>
  error.status >= 400 && error.status < 500 && error.status !== 429 && error.status !== 408;

/** Retry-After in seconds or as an HTTP date; undefined without one. */
function retryAfterSeconds(header: string | null): number | undefined {
  if (header === null) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.max(0, Math.ceil((date - Date.now()) / 1000)) : undefined;
}

function parseJson(text: string, service: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new MicrosoftCallError(`${service} did not answer JSON.`, 502);
  }
}

/** Graph's `error.message`, OAuth's `error_description`, cut to one short line. */
function serviceMessage(text: string): string {
  let message = text;
  try {
    const body = JSON.parse(text) as {
      error?: string | { message?: string };
      error_description?: string;
      message?: string;
    };
    message =
      body.error_description ??
      (typeof body.error === "string" ? body.error : body.error?.message) ??
      body.message ??
      text;
  } catch {}
  return message.replace(/\s+/g, " ").trim().slice(0, 300) || "no reason given";
}
