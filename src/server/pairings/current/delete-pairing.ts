import { eq } from "drizzle-orm";
import { monthDisplay } from "../../../shared/pairings";
import { recordActivity } from "../../activity/activity";
import type { AppContext } from "../../context";
import { matches, pairings } from "../../db/schema";
import { Conflict, NotFound } from "../../errors";
import { memberIds, withMembers } from "../../match-members/match-members";
import { peopleById, personColumns } from "../../people-rows/read-people";
import { lockPairing } from "../locks/pairing-locks";
import { type ChangeNotice, queueChangeNotices } from "./change-notices";

/** The activity kind of a running pairing deleted by an admin (docs/pairings.md). */
export const PAIRING_DELETED_KIND = "pairing.deleted";

/**
 * Deletes an active pairing and (by cascade) its matches, which frees its month for a new run.
 * Its members were shown their match, so each active one is told it is off
 * (docs/matches.md, "When a match changes") and an activity line records the delete. Under the
 * pairing's lock (pairing-locks.ts), its matches read inside it, so a re-pair or report running
 * at the same moment either finishes first (and its new member is told too) or finds it gone.
 */
export async function deletePairing(
  ctx: AppContext,
  pairingId: number,
): Promise<{ message: string }> {
  const { name } = await ctx.db.transaction(async (tx) => {
    const pairing = await lockPairing(tx, pairingId);
    if (!pairing) throw new NotFound("Pairing not found");
    if (pairing.status !== "active") {
      throw new Conflict(
        "A completed pairing is part of the match history and cannot be deleted; delete its completed pairing file instead.",
        "pairing_completed",
      );
    }
    const rows = await withMembers(
      tx,
      await tx.select().from(matches).where(eq(matches.pairingId, pairing.id)),
    );
    const people = await peopleById(tx, rows.flatMap(memberIds), personColumns, {
      activeOnly: true,
    });
    // Nobody told of a match yet is told it is off either (docs/matches.md, "When a match changes").
    const told: ChangeNotice[] = rows.flatMap((row) =>
      pairing.announcedAt === null
        ? []
        : memberIds(row).flatMap((id) => {
            const person = people.get(id);
            if (!person) return [];
            const partners = memberIds(row).flatMap((o) => (o === id ? [] : (people.get(o) ?? [])));
            return [
              {
                kind: "pairing-deleted" as const,
                pairingId: pairing.id,
                month: pairing.month,
                person,
                partners,
              },
            ];
          }),
    );
    await tx.delete(pairings).where(eq(pairings.id, pairing.id));
    const scope = pairing.domainGroupName ?? "All Users";
    await recordActivity(
      ctx,
      {
        kind: PAIRING_DELETED_KIND,
        detail: `The ${monthDisplay(pairing.month)} pairing for ${scope} was deleted: its ${rows.length} ${rows.length === 1 ? "match is" : "matches are"} off, and ${told.length} ${told.length === 1 ? "person is" : "people are"} told.`,
        scopeKey: pairing.scopeKey,
        month: pairing.month,
        pairingId: pairing.id,
        data: { matches: rows.length, told: told.length },
      },
      tx,
    );
    await queueChangeNotices(ctx, tx, told);
    return { name: pairing.name };
  });
  return { message: `Deleted pairing ${name}` };
}
