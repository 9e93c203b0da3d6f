import {
  buildMeetRules,
  IN_PERSON,
  type MeetRules,
  meetAllows,
  ONLINE,
  ruleBlockedPairs,
} from "../../matching/personal-rules";
import type { MatchingInstance } from "../../matching/types";

const pairsOf = (n: number) => (n * (n - 1)) / 2;

/**
 * How many pairs of the instance's people their own rules keep apart (FORMAT.md, rule 5): one
 * avoids the other, one manages the other, or they share no way to meet. A count without names
 * for the forecast; the way-to-meet part is counted by kind and office, not pair by pair, so it
 * costs the same at 10 or 10,000 people.
 */
export function pairsKeptApart(instance: MatchingInstance): number {
  const meet = buildMeetRules(instance.users);
  const blocked = ruleBlockedPairs(instance);
  const seen = new Set<string>();
  let byPairRule = 0;
  for (let i = 0; i < blocked.length; i += 2) {
    const [u, v] = [Math.min(blocked[i], blocked[i + 1]), Math.max(blocked[i], blocked[i + 1])];
    const key = `${u},${v}`;
    if (seen.has(key)) continue;
    seen.add(key);
    // A pair both rules keep apart counts once: with the way-to-meet pairs when that rule holds.
    if (!meet || meetAllows(meet, u, v)) byPairRule++;
  }
  return byPairRule + (meet ? pairsWithNoWayToMeet(meet) : 0);
}

/** Pairs that share no way to meet: all pairs less those both online, or in person at one office. */
function pairsWithNoWayToMeet(meet: MeetRules): number {
  const n = meet.ways.length;
  let online = 0;
  // Per office: people who accept in person and online, and those who accept only in person.
  const both = new Map<number, number>();
  const onlyInPerson = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const ways = meet.ways[i];
    if (ways & ONLINE) online++;
    const office = meet.office[i];
    if (!(ways & IN_PERSON) || office < 0) continue;
    const counts = ways & ONLINE ? both : onlyInPerson;
    counts.set(office, (counts.get(office) ?? 0) + 1);
  }
  let allowed = pairsOf(online);
  for (const [office, only] of onlyInPerson) {
    allowed += pairsOf(only) + only * (both.get(office) ?? 0);
  }
  return pairsOf(n) - allowed;
}
