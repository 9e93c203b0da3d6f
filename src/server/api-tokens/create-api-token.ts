import { eq } from "drizzle-orm";
import type { CreateApiTokenInput, CreatedApiToken } from "../../shared/api-tokens";
import { shortDate } from "../../shared/date-text";
import { recordActivity } from "../activity/activity";
import { namedPerson, peopleLine } from "../activity/people-line";
import type { SignedInUser } from "../auth/session-store";
import type { AppContext } from "../context";
import { apiTokens } from "../db/schema";
import { getTimeZone } from "../settings/time-zone";
import { apiTokensQuery, presentApiToken } from "./present-api-token";
import { newApiToken } from "./token-hash";

const DAY_MS = 24 * 60 * 60 * 1000;
export const scopeWords = { read: "read-only", admin: "admin" } as const;

/**
 * A named token for the admin API (docs/api.md, "API tokens"): its secret is answered this once
 * and only its hash is kept. The activity list says who made it, with which scope and until when.
 */
export async function createApiToken(
  ctx: AppContext,
  by: SignedInUser,
  input: CreateApiTokenInput,
): Promise<CreatedApiToken> {
  const now = ctx.clock.now();
  const { secret, hash, start } = newApiToken();
  const expiresAt = new Date(now.getTime() + input.expiresInDays * DAY_MS);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiTokens)
      .values({
        name: input.name,
        tokenHash: hash,
        start,
        scope: input.scope,
        createdBy: by.id,
        createdAt: now,
        expiresAt,
      })
      .returning({ id: apiTokens.id });
    const until = shortDate(expiresAt, await getTimeZone(tx), { year: true });
    await recordActivity(
      ctx,
      {
        kind: "api-token.created",
        detail: peopleLine`${namedPerson(by)} created API token '${input.name}' (${scopeWords[input.scope]}, until ${until}).`,
        data: { by: by.id, tokenId: row.id },
      },
      tx,
    );
    const [created] = await apiTokensQuery(tx).where(eq(apiTokens.id, row.id));
    return { token: presentApiToken(created, ctx.clock.now()), secret };
  });
}
