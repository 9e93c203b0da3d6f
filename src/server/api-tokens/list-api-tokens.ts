import { desc } from "drizzle-orm";
import type { ApiToken } from "../../shared/api-tokens";
import type { AppContext } from "../context";
import { apiTokens } from "../db/schema";
import { apiTokensQuery, presentApiToken } from "./present-api-token";

/** Every token, revoked and expired ones too, newest first. */
export async function listApiTokens(ctx: AppContext): Promise<ApiToken[]> {
  const rows = await apiTokensQuery(ctx.db).orderBy(desc(apiTokens.id));
  const now = ctx.clock.now();
  return rows.map((row) => presentApiToken(row, now));
}
