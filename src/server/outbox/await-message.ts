import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { AppContext } from "../context";
import { outgoingMessages } from "../db/schema";
import type { MessageKind } from "./message-kind";

/** How a message someone waits for ended: sent, failed for good, or not taken by the server now. */
export type AwaitedOutcome =
  | { state: "sent" }
  | { state: "failed"; errorCode: string | null; errorMessage: string | null }
  | { state: "unreachable"; errorMessage: string | null };

const POLL_MS = 25;

/**
 * Waits (at most `timeoutMs`) for the one message of `kind` with this once key, which the caller
 * has just queued, to be sent or to fail, whichever process delivers it: for a sender who shows
 * the outcome at once (an admin's test send). A transient failure (the server out of reach, a
 * 4xx) or the time running out withdraws the message, failed as `EWITHDRAWN`, so it does not
 * arrive later after all; only a message held by a delivery at that moment can.
 */
export async function awaitMessage(
  ctx: Pick<AppContext, "db" | "clock">,
  // biome-ignore lint/suspicious/noExplicitAny: only the kind's name is read.
  kind: MessageKind<any, any>,
  onceKey: string,
  timeoutMs: number,
): Promise<AwaitedOutcome> {
  const ofIt = and(eq(outgoingMessages.kind, kind.name), eq(outgoingMessages.onceKey, onceKey));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await ctx.db.select().from(outgoingMessages).where(ofIt);
    if (!row) return { state: "failed", errorCode: null, errorMessage: "It was not queued." };
    if (row.state === "sent") return { state: "sent" };
    if (row.state === "failed") {
      return { state: "failed", errorCode: row.errorCode, errorMessage: row.errorMessage };
    }
    if (row.errorCode !== null || Date.now() >= deadline) {
      const withdrawn = await ctx.db
        .update(outgoingMessages)
        .set({ state: "failed", errorCode: "EWITHDRAWN", claimedUntil: null })
        .where(
          and(
            ofIt,
            eq(outgoingMessages.state, "pending"),
            // Not while a delivery holds it: then its outcome is awaited.
            or(
              isNull(outgoingMessages.claimedUntil),
              lt(outgoingMessages.claimedUntil, ctx.clock.now()),
            ),
          ),
        )
        .returning({ id: outgoingMessages.id });
      if (withdrawn.length > 0) return { state: "unreachable", errorMessage: row.errorMessage };
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
