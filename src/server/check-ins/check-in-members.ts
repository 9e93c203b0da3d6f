import { eq } from "drizzle-orm";
import type { CheckInAnswer } from "../../shared/check-in-answers";
import { personName } from "../../shared/person-name";
import type { AppContext } from "../context";
import { utcDayOf } from "../dates/month-dates";
import { matches, type PairingRow, pairings } from "../db/schema";
import {
  answerOf,
  type MatchWithMembers,
  memberIds,
  withMembers,
} from "../match-members/match-members";
import { awayReasons } from "../pairings/scope/member-availability";
import { peopleById } from "../people-rows/read-people";

/** A person an automatic e-mail is addressed to. */
interface Recipient {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

export interface MemberOfMatch {
  match: MatchWithMembers;
  recipient: Recipient;
  /** Their answer so far (null: none yet). */
  answer: CheckInAnswer | null;
  partnerNames: string[];
  partners: Recipient[];
}

/** The pairing if it is still running (answers can change until it is completed), else null. */
export async function runningPairing(
  ctx: AppContext,
  pairingId: number,
): Promise<PairingRow | null> {
  const [pairing] = await ctx.db.select().from(pairings).where(eq(pairings.id, pairingId));
  return pairing?.status === "active" ? pairing : null;
}

/**
 * Every member of the pairing's matches who can still be written to: anyone opted out, paused,
 * deactivated, off the whitelist, on leave or awaiting "still up for coffee chats?" is left out
 * (the exclusion reasons, pairings/member-availability.ts), so no automatic mail reaches them.
 */
export async function reachableMembers(
  ctx: AppContext,
  pairing: PairingRow,
): Promise<MemberOfMatch[]> {
  const rows = await withMembers(
    ctx.db,
    await ctx.db.select().from(matches).where(eq(matches.pairingId, pairing.id)),
  );
  const away = await awayReasons(ctx.db, [pairing.id], utcDayOf(ctx.clock.now()));
  const byId = await peopleById(ctx.db, rows.flatMap(memberIds));
  return rows.flatMap((match) =>
    memberIds(match).flatMap((id) => {
      const person = byId.get(id);
      if (!person || away.has(id)) return [];
      const partners = memberIds(match)
        .filter((other) => other !== id)
        .map((other) => byId.get(other))
        .filter((p) => p !== undefined);
      const partnerNames = partners.map(personName);
      return [{ match, recipient: person, answer: answerOf(match, id), partnerNames, partners }];
    }),
  );
}
