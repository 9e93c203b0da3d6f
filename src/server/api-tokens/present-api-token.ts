import { sql } from "drizzle-orm";
import type { ApiToken } from "../../shared/api-tokens";
import type { Db, Tx } from "../db/client";
import { type ApiTokenRow, apiTokens, users } from "../db/schema";

/** The tokens with their creator's name, newest first. */
export function apiTokensQuery(db: Db | Tx) {
  return db
    .select({
      token: apiTokens,
      createdBy: sql<
        string | null
      >`coalesce(nullif(concat_ws(' ', ${users.firstName}, ${users.lastName}), ''), ${users.email})`,
    })
    .from(apiTokens)
    .leftJoin(users, sql`${users.id} = ${apiTokens.createdBy}`);
}

export function presentApiToken(row: { token: ApiTokenRow; createdBy: string | null }): ApiToken {
  const { token } = row;
  return {
    id: token.id,
    name: token.name,
    scope: token.scope,
    start: token.start,
    createdAt: token.createdAt.toISOString(),
    createdBy: row.createdBy,
    expiresAt: token.expiresAt.toISOString(),
    revokedAt: token.revokedAt?.toISOString() ?? null,
    lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
  };
}
