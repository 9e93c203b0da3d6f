import { monthDisplay } from "../../shared/pairings";
import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import type { RoundDraftRow } from "../db/schema";
import { roundDraftNotice } from "../outbox/kinds/round-draft-notice";
import { queue } from "../outbox/queue";
import { inReaderZone } from "../settings/time-zone";
import type { RoundScope } from "./round-settings";

/**
 * Queues the notice to every active admin that a round's draft waits for review, with a link to
 * Operations, in the step's transaction (the outbox delivers it, through a mail-server outage
 * too). Answers how many admins it queued the notice for.
 */
export async function notifyAdminsOfDraft(
  ctx: AppContext,
  tx: Tx,
  scope: RoundScope,
  draft: RoundDraftRow,
  publish: { at: Date; timeZone: string },
): Promise<number> {
  const data = {
    draftId: draft.id,
    scope: scope.label,
    month: monthDisplay(draft.month),
    pairs: draft.matches.length,
    unmatched: draft.unmatched.length,
    publishAt: inReaderZone(publish.at, publish.timeZone, true),
    publishInstant: publish.at.toISOString(),
  };
  const admins = await roundDraftNotice.audience(tx);
  return queue(ctx, tx, roundDraftNotice, admins, data);
}
