import { z } from "zod";
import type { ChannelAdapter } from "../channels/channel-delivery";
import type { AppContext } from "../context";
import type { OutgoingMessageRow } from "../db/schema";
import type { SendOutcome } from "../outbox/channels";
import { introKey } from "../outbox/kinds/teams-kinds";
import { recordLaneProgress } from "../outbox/lane-ledger";
import { mailChangeFallbacks } from "../pairings/current/channel-change-notes";
import { MicrosoftCallError, refusedCall } from "./microsoft-calls";
import { sendTeams } from "./send-teams";
import { showLateAnswerInTeams } from "./show-answer-in-teams";
import { deliveryOf } from "./teams-rows";
import { teamsSettings } from "./teams-settings";

/**
 * The one place Teams meets the delivery engine (docs/chat.md, "Microsoft Teams" and "Adding a
 * channel"; docs/decisions/0075-teams-app.md): Teams messages are rows of `outgoing_messages`
 * with channel `teams` in a lane of their own, queued once by key, and this transport sends one
 * and says sent, retry (after Teams' Retry-After on a 429) or ended. Besides the queueing
 * (queue-teams.ts, which reads the rows by key in teams-rows.ts), nothing else in this folder
 * knows the engine.
 */

/**
 * Teams in the delivery engine: the transport; a change note that does not go out sends the
 * e-mail it replaced (pairings/current/channel-change-notes.ts); and a check-in card recorded sent shows an answer
 * given on the page while it was being posted (show-answer-in-teams.ts).
 */
export function teamsAdapter(ctx: AppContext): ChannelAdapter {
  return {
    send: (row) => sendTeamsDelivery(ctx, row),
    beforeSettle: async (row, outcome) => {
      if (row.kind === "change" && outcome.kind === "ended") await mailChangeFallbacks(ctx, row);
    },
    afterSettle: async (row, outcome) => {
      if (row.kind === "check_in" && outcome.kind === "sent") {
        await showLateAnswerInTeams(ctx, { ...row, result: outcome.result });
      }
    },
  };
}

const anObject = z.record(z.string(), z.unknown()).catch({});

/** The transport (a `ChannelTransport`): one row of channel `teams`, sent. */
async function sendTeamsDelivery(ctx: AppContext, row: OutgoingMessageRow): Promise<SendOutcome> {
  const settings = teamsSettings(ctx.config);
  if (!settings) return { kind: "ended", state: "skipped", error: "Teams is not configured." };
  try {
    const outcome = await sendTeams(ctx, settings, {
      kind: row.kind,
      matchId: row.matchId,
      userId: row.userId,
      organiserId: row.organiserId,
      // Parsed with its kind's schema by the lane (outbox/channel-lanes.ts): an object.
      payload: anObject.parse(row.data),
      progress: row.result,
      keep: (kept) => recordLaneProgress(ctx.db, row, kept),
      introOf: async (matchId) => (await deliveryOf(ctx, introKey(matchId)))?.result ?? null,
    });
    if ("sent" in outcome) return { kind: "sent", result: outcome.sent };
    return {
      kind: "ended",
      state: outcome.ended,
      error: outcome.error,
      tellByEmail: outcome.tellByEmail,
    };
  } catch (error) {
    if (!(error instanceof MicrosoftCallError)) throw error;
    if (error.status === 429) {
      const seconds = error.retryAfterSeconds ?? 1;
      return {
        kind: "retry",
        afterMs: seconds * 1000,
        error: `Teams asked to wait ${seconds} s. ${error.message}`,
      };
    }
    if (refusedCall(error)) return { kind: "ended", state: "failed", error: error.message };
    return { kind: "retry", error: error.message };
  }
}
