/**
 * Re-pairing one person in a running month (FORMAT.md, "Placing one person"): the best partner
 * among the people without one, else the best existing pair to join as a trio. The same rules as
 * a monthly run (preferences, no repeat inside the window) and the same order of preference
 * (cross-department, then never met, then a draw from the seed).
 */
import { allowed, buildProblem, isCross, NEVER_MET, relation } from "./problem";
import { createRng, randomSeed } from "./rng";
import type { MatchingInstance } from "./types";

export interface PlaceOneRequest {
  /** Holds the person, the candidates and the members of the pairs, with the history. */
  instance: MatchingInstance;
  personId: string;
  /** People of the same pairing who have no partner either. */
  candidates: string[];
  /** Existing pairs of the pairing that could take a third member. */
  pairs: Array<[string, string]>;
}

export type Placement =
  | { kind: "pair"; partnerId: string }
  | { kind: "trio"; pair: [string, string] }
  | null;

export function placeOne(request: PlaceOneRequest): Placement {
  const p = buildProblem(request.instance);
  const index = new Map(p.ids.map((id, i) => [id, i]));
  const at = (id: string) => {
    const i = index.get(id);
    if (i === undefined) throw new Error(`"${id}" is not among the instance's users`);
    return i;
  };
  const person = at(request.personId);
  const rng = createRng(request.instance.seed ?? randomSeed());
  // Score of putting the person beside these members: cross-department pairs, then never-met pairs.
  const score = (members: number[]) => {
    let cross = 0;
    let fresh = 0;
    for (const m of members) {
      cross += isCross(p, person, m);
      if (relation(p, person, m) === NEVER_MET) fresh++;
    }
    return cross * 1_000 + fresh;
  };
  const best = <T>(options: Array<{ value: T; members: number[] }>): T | null => {
    let chosen: T | null = null;
    let top = -1;
    let ties = 0;
    for (const option of options) {
      if (!option.members.every((m) => allowed(p, person, m))) continue;
      const s = score(option.members);
      if (s > top) {
        top = s;
        ties = 1;
        chosen = option.value;
      } else if (s === top && rng.below(++ties) === 0) {
        // Reservoir draw: each of the equally good options is chosen with the same chance.
        chosen = option.value;
      }
    }
    return chosen;
  };

  const partnerId = best(
    request.candidates
      .filter((id) => id !== request.personId)
      .map((id) => ({ value: id, members: [at(id)] })),
  );
  if (partnerId !== null) return { kind: "pair", partnerId };
  // The pair's own two members already share a group; only the person's two new pairs are checked.
  const pair = best(request.pairs.map((value) => ({ value, members: value.map(at) })));
  return pair ? { kind: "trio", pair } : null;
}
