/**
 * The last step of a run with group choices (FORMAT.md, "Groups by choice"): the one-to-one
 * people and the others are formed apart, so someone left out on one side may still fit on the
 * other — someone who chose 3 or 4 joining a pair as its third, a one-to-one person left out by
 * the repeat window joining a group where someone chose 3 or 4. Each person left out is placed, one by one in an order drawn
 * from the seed, by the re-pair's own choice (place-one.ts: the same rules, nobody two sizes away,
 * the fewest people in another size). A choice of size never costs a person their chat while a
 * group within one size of everyone's choice can take them.
 */
import { placeOne } from "./place-one";
import { buildProblem, isCross, NEVER_MET, relation } from "./problem";
import type { Rng } from "./rng";
import { shuffleInPlace } from "./rng";
import type { MatchingInstance } from "./types";

/** Groups looked at per person: a sample keeps a company of 100,000 fast, drawn from the seed. */
const SAMPLE = 400;

export function placeLeftovers(
  instance: MatchingInstance,
  groups: string[][],
  unmatched: string[],
  rng: Rng,
): Leftovers {
  if (unmatched.length === 0) return { groups, unmatched, newPairs: [] };
  const byId = new Map(instance.users.map((u) => [u.id, u]));
  const left = [...unmatched];
  shuffleInPlace(left, rng);
  const out = groups.map((g) => [...g]);
  const waiting = new Set(left);
  const newPairs: Array<[string, string]> = [];
  for (const personId of left) {
    if (!waiting.has(personId)) continue;
    // A one-to-one person joins only a group where someone chose 3 or 4: a trio of one-to-one
    // people is the pairing's `oddPolicy`, decided by the run of pairs (FORMAT.md).
    const oneToOne = (byId.get(personId)?.groupSize ?? 2) === 2;
    const open = out.filter(
      (g) => g.length < 4 && (!oneToOne || g.some((id) => (byId.get(id)?.groupSize ?? 2) !== 2)),
    );
    shuffleInPlace(open, rng);
    const sample = open.slice(0, SAMPLE);
    const candidates = [...waiting].filter((id) => id !== personId);
    const people = new Set([personId, ...candidates, ...sample.flat()]);
    const placement = placeOne({
      instance: {
        ...instance,
        users: [...people].flatMap((id) => byId.get(id) ?? []),
        seed: rng.next() & 0x7fffffff,
      },
      personId,
      candidates,
      pairs: sample.filter((g) => g.length === 2) as Array<[string, string]>,
      trios: sample.filter((g) => g.length === 3) as Array<[string, string, string]>,
    });
    if (!placement) continue;
    waiting.delete(personId);
    if (placement.kind === "pair") {
      waiting.delete(placement.partnerId);
      out.push([personId, placement.partnerId]);
      newPairs.push([personId, placement.partnerId]);
      continue;
    }
    const members = placement.kind === "trio" ? placement.pair : placement.trio;
    const group = sample.find(
      (g) => g.length === members.length && g.every((id, i) => id === members[i]),
    );
    if (!group) continue;
    for (const member of group) newPairs.push([personId, member]);
    group.push(personId);
  }
  return { groups: out, unmatched: unmatched.filter((id) => waiting.has(id)), newPairs };
}

export interface Leftovers {
  groups: string[][];
  unmatched: string[];
  /** The pairs of people the placements put together, for the statistics. */
  newPairs: Array<[string, string]>;
}

/** Cross-department and never-met pairs among `pairs`, counted as the engine counts them. */
export function countNewPairs(instance: MatchingInstance, pairs: Array<[string, string]>) {
  if (pairs.length === 0) return { cross: 0, neverMet: 0 };
  const ids = new Set(pairs.flat());
  const p = buildProblem({ ...instance, users: instance.users.filter((u) => ids.has(u.id)) });
  const at = new Map(p.ids.map((id, i) => [id, i]));
  let cross = 0;
  let neverMet = 0;
  for (const [a, b] of pairs) {
    const i = at.get(a) as number;
    const j = at.get(b) as number;
    cross += isCross(p, i, j);
    if (relation(p, i, j) === NEVER_MET) neverMet++;
  }
  return { cross, neverMet };
}
