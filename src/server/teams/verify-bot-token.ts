import type { createRemoteJWKSet, JWTPayload } from "jose";
import { z } from "zod";
import { HttpError } from "../errors";
import type { TeamsSettings } from "./teams-settings";

export const BAD_TEAMS_TOKEN =
  "This request carries no valid Bot Framework token for this app: it is not from Microsoft Teams.";

/** How long the OpenID metadata and its keys are believed before they are read again. */
const METADATA_FOR_MS = 24 * 3_600_000;
/** Clock skew allowed between Microsoft's token service and us. */
const SKEW_SECONDS = 300;

const metadataSchema = z.object({ issuer: z.string(), jwks_uri: z.url() });

interface Keys {
  issuer: string;
  jwks: ReturnType<typeof createRemoteJWKSet>;
  until: number;
}

const keysByUrl = new Map<string, Keys>();

async function keysOf(openIdUrl: string, now: number): Promise<Keys> {
  const kept = keysByUrl.get(openIdUrl);
  if (kept && kept.until > now) return kept;
  const answer = await fetch(openIdUrl, { signal: AbortSignal.timeout(10_000) });
  if (!answer.ok) throw new Error(`Bot Framework's OpenID metadata answered ${answer.status}.`);
  const metadata = metadataSchema.parse(await answer.json());
  const { createRemoteJWKSet } = await import("jose");
  const keys = {
    issuer: metadata.issuer,
    jwks: createRemoteJWKSet(new URL(metadata.jwks_uri), { timeoutDuration: 10_000 }),
    until: now + METADATA_FOR_MS,
  };
  keysByUrl.set(openIdUrl, keys);
  return keys;
}

/**
 * Verifies an incoming activity's `Authorization: Bearer` token as the Bot Connector's
 * authentication asks (docs/chat.md, "Microsoft Teams"): signed by a key of Bot Framework's
 * OpenID metadata, its issuer, the audience this app's id, within its lifetime (five minutes of
 * skew), and its `serviceUrl` claim, when present, the activity's. Throws 401 otherwise.
 */
export async function verifyBotToken(
  settings: TeamsSettings,
  authorization: string | undefined,
  activityServiceUrl: unknown,
  now: Date,
): Promise<JWTPayload> {
  const token = /^Bearer ([A-Za-z0-9._-]{20,8000})$/.exec(authorization ?? "")?.[1];
  if (!token) throw new HttpError(401, BAD_TEAMS_TOKEN, "bad_teams_token");
  const keys = await keysOf(settings.openIdUrl, now.getTime());
  // Loaded with the first token: an install without Teams never needs it (docs/performance.md,
  // "A lighter start").
  const { jwtVerify } = await import("jose");
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keys.jwks, {
      issuer: keys.issuer,
      audience: settings.appId,
      currentDate: now,
      clockTolerance: SKEW_SECONDS,
      algorithms: ["RS256"],
    }));
  } catch {
    throw new HttpError(401, BAD_TEAMS_TOKEN, "bad_teams_token");
  }
  const claimed = payload.serviceUrl;
  if (typeof claimed === "string" && claimed !== activityServiceUrl) {
    throw new HttpError(401, BAD_TEAMS_TOKEN, "bad_teams_token");
  }
  return payload;
}
