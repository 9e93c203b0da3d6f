import { and, desc, eq } from "drizzle-orm";
import { bookingTimeLabel } from "../../../shared/booking";
import { parseActivePairingFile } from "../../../shared/pairing-file-names";
import { getAuthSecret } from "../../auth/auth-secret";
import type { AppContext } from "../../context";
import { matches, matchMembers } from "../../db/schema";
import type { ProposedTimesView } from "../../mail/templates/views";
import { proposedTimesFor } from "../../scheduling/proposed-times-for";

/**
 * The times a match e-mail proposes to one reader of a pairing (docs/scheduling.md, "Booking from
 * an e-mail"): their active match's three times in their zone, each with its signed booking link;
 * null when the pairing no longer runs (a completed record), they have no match in it, or no time
 * fits. Reads the calendar when what is kept is stale: call it at delivery, outside any
 * transaction. The auth secret is read once per composition.
 */
export function matchTimesOf(
  ctx: AppContext,
  pairingFile: string | null,
): (userId: string) => Promise<ProposedTimesView | null> {
  const pairingId = pairingFile ? parseActivePairingFile(pairingFile) : null;
  let secret: Promise<string> | undefined;
  return async (userId) => {
    if (pairingId === null) return null;
    const [found] = await ctx.db
      .select({ matchId: matchMembers.matchId })
      .from(matchMembers)
      .innerJoin(matches, eq(matches.id, matchMembers.matchId))
      .where(
        and(
          eq(matches.pairingId, pairingId),
          eq(matches.status, "active"),
          eq(matchMembers.userId, userId),
        ),
      )
      .orderBy(desc(matches.id))
      .limit(1);
    if (!found) return null;
    secret ??= getAuthSecret(ctx);
    const proposed = await proposedTimesFor(ctx, await secret, found.matchId, userId);
    if (!proposed?.times.length) return null;
    return {
      zone: proposed.zone,
      times: proposed.times.map((time) => ({
        start: time.start,
        label: bookingTimeLabel(time.start, proposed.zone),
        url: time.url,
      })),
    };
  };
}
