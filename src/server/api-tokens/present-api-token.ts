import { sql } from "drizzle-orm";
import type { ApiToken } from "../../shared/api-tokens";
import { type NamedRow, personName } from "../../shared/person-name";
import type { Db, Tx } from "../db/client";
import { type ApiTokenRow, apiTokens, users } from "../db/schema";

/** The tokens with their creator's name, newest first. */
export function apiTokensQuery(db: Db | Tx) {
  return db
    .select({
      token: apiTokens,
      creator: { firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(apiTokens)
    .leftJoin(users, sql`${users.id} = ${apiTokens.createdBy}`);
}

/**
 * A token as the API shows it at `now` (ctx.clock), its creator named as every person is
 * (`personName`).
 */
export function presentApiToken(
  row: { token: ApiTokenRow; creator: NamedRow | null },
  now: Date,
): ApiToken {
  const { token } = row;
  return {
    id: token.id,
    name: token.name,
    scope: token.scope,
    start: token.start,
    createdAt: token.createdAt.toISOString(),
    createdBy: row.creator ? personName(row.creator) : null,
    expiresAt: token.expiresAt.toISOString(),
    // As token-request.ts refuses it.
    expired: token.expiresAt <= now,
    revokedAt: token.revokedAt?.toISOString() ?? null,
    lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
  };
}
