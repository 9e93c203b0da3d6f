import { and, eq, isNull } from "drizzle-orm";
import type { ApiToken } from "../../shared/api-tokens";
import { recordActivity } from "../activity/activity";
import { namedPerson, peopleLine } from "../activity/people-line";
import type { SignedInUser } from "../auth/session-store";
import type { AppContext } from "../context";
import { apiTokens } from "../db/schema";
import { NotFound } from "../errors";
import { apiTokensQuery, presentApiToken } from "./present-api-token";

/** Ends a token at once (its next request answers 401); revoking it again changes nothing. */
export async function revokeApiToken(
  ctx: AppContext,
  by: SignedInUser,
  id: number,
): Promise<ApiToken> {
  return ctx.db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(apiTokens)
      .set({ revokedAt: ctx.clock.now() })
      .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
      .returning({ name: apiTokens.name });
    if (revoked) {
      await recordActivity(
        ctx,
        {
          kind: "api-token.revoked",
          detail: peopleLine`${namedPerson(by)} revoked API token '${revoked.name}'.`,
          data: { by: by.id, tokenId: id },
        },
        tx,
      );
    }
    const [row] = await apiTokensQuery(tx).where(eq(apiTokens.id, id));
    if (!row) throw new NotFound("There is no such API token.");
    return presentApiToken(row, ctx.clock.now());
  });
}
