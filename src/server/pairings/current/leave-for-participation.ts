import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { type ChangeNotice, queueChangeNotices } from "./change-notices";
import { leaveRunningPairings } from "./leave-running-pairings";

/**
 * A pause or an opt-out during a running month (docs/profile.md): the person leaves their running
 * match as after a deactivation — a trio or a match of four goes on without them, a pair's partner is re-paired at
 * once or waits for a partner — and everyone whose partner changes is told through the outbox,
 * in the caller's transaction. A match whose chat already happened is kept, the person in it:
 * the change concerns later rounds, not a chat that took place. The caller holds every running
 * pairing's lock (pairing-locks.ts), under which the answers are read, and has stored the new
 * participation already, so the re-pair counts the person as not ready.
 */
export async function leaveForParticipation(
  ctx: AppContext,
  tx: Tx,
  userId: string,
  status: "paused" | "opted_out",
): Promise<ChangeNotice[]> {
  const why = status === "paused" ? "paused their coffee chats" : "opted out of coffee chats";
  const notices = await leaveRunningPairings(ctx, tx, userId, why, { keepChatsThatHappened: true });
  await queueChangeNotices(ctx, tx, notices);
  return notices;
}
