import { recordActivity } from "../../activity/activity";
import { namedPerson, peopleLine } from "../../activity/people-line";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { HttpError } from "../../errors";
import {
  type MatchWithMembers,
  matchChatHappened,
  memberIds,
  withMembers,
} from "../../match-members/match-members";
import { peopleInOrder } from "../../people-rows/read-people";
import { runningMatchesOf } from "../scope/running-members";
import type { ChangeNotice, Person } from "./change-notices";
import { leaveMatch } from "./leave-match";
import { PARTNER_LEFT_KIND, type PartnerLeftData } from "./partner-left";
import { placeInTx } from "./re-pair-person";

export const MEMBER_LEFT_KIND = "match.member-left";

/**
 * Takes a person who can no longer take part (deactivated, removed from the whitelist, deleted)
 * out of every running match (docs/rounds.md, "Invariants of a round"): a match of three or four
 * goes on without them; a pair's partner is re-paired at once when someone without a partner can
 * meet them, or joins a match only when they and its members all chose a group (nobody asked for
 * a bigger one, re-pair-person.ts). Otherwise the pair ends and the partner waits for a partner in
 * the running pairing (waiting-for-partner.ts), listed under Current Pairings with a Re-pair
 * action, and is told.
 * Every change writes an activity line and gives the notices to send after the commit.
 *
 * With `keepChatsThatHappened` (a change that concerns later rounds only: a pause or an opt-out,
 * docs/profile.md "Participation") a match whose chat already happened stays as it is, the
 * person in it: that chat is the month's history, in everyone's.
 *
 * The caller holds every running pairing's lock (pairing-locks.ts) and has already made the
 * person unavailable in the same transaction, so the re-pair counts them as gone.
 */
export async function leaveRunningPairings(
  ctx: AppContext,
  tx: Tx,
  userId: string,
  why: string,
  { keepChatsThatHappened = false }: { keepChatsThatHappened?: boolean } = {},
): Promise<ChangeNotice[]> {
  const rows = await runningMatchesOf(tx, userId);
  const [left] = await peopleInOrder(tx, [userId]);
  const notices: ChangeNotice[] = [];
  for (const match of await withMembers(
    tx,
    rows.map((r) => r.match),
  )) {
    if (keepChatsThatHappened && matchChatHappened(match)) continue;
    const others = memberIds(match).filter((id) => id !== userId);
    const where = { scopeKey: null, month: match.month, pairingId: match.pairingId };
    if (others.length >= 2) {
      await leaveMatch(tx, match, userId);
      const staying = await peopleInOrder(tx, others);
      await recordActivity(
        ctx,
        {
          kind: MEMBER_LEFT_KIND,
          detail: peopleLine`${namedPerson(left)} ${why}; ${staying.map(namedPerson)} go on as a group of ${others.length}.`,
          userId,
          ...where,
        },
        tx,
      );
      notices.push({
        kind: "group-smaller",
        pairingId: match.pairingId,
        month: match.month,
        left,
        staying,
      });
      continue;
    }
    notices.push(await placePartner(ctx, tx, match, left, others[0], why));
  }
  return notices;
}

async function placePartner(
  ctx: AppContext,
  tx: Tx,
  match: MatchWithMembers,
  left: Person,
  partnerId: string,
  why: string,
): Promise<ChangeNotice> {
  const { pairingId, month } = match;
  try {
    const notice = await tx.transaction((sp) =>
      placeInTx(ctx, sp, pairingId, partnerId, { alsoAway: [left.id] }),
    );
    return { kind: "re-paired", notice };
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode !== 409) throw error;
  }
  // Nobody could be found: the pair ends, and the partner waits in the pairing for a re-pair.
  await leaveMatch(tx, match, left.id);
  const [person] = await peopleInOrder(tx, [partnerId]);
  const data: PartnerLeftData = { left: [left.id] };
  await recordActivity(
    ctx,
    {
      kind: PARTNER_LEFT_KIND,
      detail: peopleLine`${namedPerson(left)} ${why}; nobody without a partner could meet ${namedPerson(person)}, who now waits for a partner: re-pair them under Current Pairings.`,
      userId: partnerId,
      month,
      pairingId,
      data: { ...data },
    },
    tx,
  );
  return { kind: "left-alone", pairingId, month, left, person };
}
