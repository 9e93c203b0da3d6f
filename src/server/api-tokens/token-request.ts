import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ApiTokenScope } from "../../shared/api-tokens";
import { recordActivity } from "../activity/activity";
import { signedInUserColumns } from "../auth/session-store";
import type { AppContext } from "../context";
import { apiTokens, users } from "../db/schema";
import { Forbidden, TooManyRequests, Unauthorized } from "../errors";
import { scopeWords } from "./create-api-token";
import { apiTokenHash } from "./token-hash";

declare module "fastify" {
  interface FastifyRequest {
    /** The API token the request came with (admin routes only), or null. */
    apiToken?: { id: number; name: string; scope: ApiTokenScope } | null;
  }
}

/** Requests per token and minute (docs/api.md, "API tokens"). */
export const API_TOKEN_REQUESTS_PER_MINUTE = 120;
/** A token's reads are noted in the activity list at most this often. */
const READ_NOTE_MS = 60 * 60 * 1000;
const READS = new Set(["GET", "HEAD"]);

/** `Authorization: Bearer …`, when the request carries one. */
export function bearerOf(request: FastifyRequest): string | null {
  return /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "")?.[1] ?? null;
}

type Limiter = ReturnType<FastifyInstance["createRateLimit"]>;

/** The per-token limit, in the rate-limit plugin's store (shared between processes when it is). */
export function apiTokenLimiter(app: FastifyInstance): Limiter {
  return app.createRateLimit({
    max: API_TOKEN_REQUESTS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) => `api-token:${request.apiToken?.id ?? 0}`,
  });
}

/**
 * An admin route's request with a bearer token and no session acts as the token's creator with
 * the token's scope: refused with 401 when the token is unknown, revoked or expired (or its
 * creator no longer an admin), 429 past its limit, and 403 for a read-only token's change.
 */
export async function actAsApiToken(
  ctx: AppContext,
  request: FastifyRequest,
  secret: string,
  limit: Limiter,
): Promise<void> {
  const [found] = await ctx.db
    .select({ token: apiTokens, user: signedInUserColumns })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.createdBy))
    .where(eq(apiTokens.tokenHash, apiTokenHash(secret)));
  const now = ctx.clock.now();
  const { token, user } = found ?? {};
  if (
    !token ||
    !user ||
    token.revokedAt ||
    token.expiresAt <= now ||
    !user.isAdmin ||
    !user.isActive
  ) {
    throw new Unauthorized("This API token is unknown, revoked or expired.");
  }
  request.apiToken = { id: token.id, name: token.name, scope: token.scope };
  const limited = await limit(request);
  if (!limited.isAllowed && limited.isExceeded) {
    throw new TooManyRequests(
      `API token '${token.name}' made too many requests. Please wait ${limited.ttlInSeconds} seconds.`,
      limited.ttlInSeconds,
    );
  }
  if (token.scope === "read" && !READS.has(request.method)) {
    throw new Forbidden(
      `API token '${token.name}' is read-only: it may only read (GET).`,
      "read_only_token",
    );
  }
  request.user = user;
  request.sessionKind = "admin";
  if (
    READS.has(request.method) &&
    token.lastUsedAt &&
    now.getTime() - token.lastUsedAt.getTime() < READ_NOTE_MS
  ) {
    return;
  }
  await ctx.db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, token.id));
  if (READS.has(request.method)) await noteTokenUse(ctx, request, "read");
}

/**
 * The activity line of a token's use: each change once answered, a read at most once an hour.
 * The route's pattern is named, never the address with its ids and query.
 */
export async function noteTokenUse(
  ctx: AppContext,
  request: FastifyRequest,
  what: "read" | "change",
  status?: number,
): Promise<void> {
  const token = request.apiToken;
  if (!token) return;
  const route = `${request.method} ${request.routeOptions.url ?? "?"}`;
  const detail =
    what === "read"
      ? `API token '${token.name}' (${scopeWords[token.scope]}) read ${route}.`
      : `API token '${token.name}' (${scopeWords[token.scope]}) sent ${route}: answered ${status}.`;
  await recordActivity(ctx, {
    kind: what === "read" ? "api-token.read" : "api-token.changed",
    detail,
    data: { tokenId: token.id, by: request.user?.id ?? null },
  });
}

/** After the answer: a change made with a token is noted in the activity list. */
export function noteTokenChange(ctx: AppContext, request: FastifyRequest, status: number): void {
  if (!request.apiToken || READS.has(request.method)) return;
  noteTokenUse(ctx, request, "change", status).catch((error) =>
    request.log.error({ err: error }, "could not note an API token's change"),
  );
}
