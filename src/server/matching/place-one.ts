/**
 * Re-pairing one person in a running month (FORMAT.md, "Placing one person"): the best partner
 * among the people without one, else the best existing pair to join as a trio or trio to join as a
 * group of four. The same rules as a monthly run (preferences, no repeat inside the window, nobody
 * two sizes away from the group size they chose) and the same order of preference (fewest people
 * in a size other than their choice, then the smallest change, then cross-department, then never
 * met, then a draw from the seed).
 */
import { allowed, buildProblem, groupTimeAllowed, isCross, NEVER_MET, relation } from "./problem";
import { createRng, randomSeed } from "./rng";
import { choseGroups, sizesFit } from "./size-rules";
import type { MatchingInstance } from "./types";

export interface PlaceOneRequest {
  /** Holds the person, the candidates and the members of the groups, with the history. */
  instance: MatchingInstance;
  personId: string;
  /** People of the same pairing who have no partner either. */
  candidates: string[];
  /** Existing pairs of the pairing that could take a third member. */
  pairs: Array<[string, string]>;
  /** Existing trios of the pairing that could take a fourth member. */
  trios?: Array<[string, string, string]>;
  /**
   * Join a pair or a trio only when everyone in the resulting group, the person too, chose a
   * group (3 or 4): set when no admin asked for the placement (a partner reported away, "I'm not
   * away", a partner who left), so nobody who chose one-to-one is put in a group, whatever the
   * odd policy.
   */
  joinOnlyGroupChoosers?: boolean;
}

export type Placement =
  | { kind: "pair"; partnerId: string }
  | { kind: "trio"; pair: [string, string] }
  | { kind: "four"; trio: [string, string, string] }
  | null;

type Option = { placement: NonNullable<Placement>; members: string[] };

export function placeOne(request: PlaceOneRequest): Placement {
  const p = buildProblem(request.instance);
  const index = new Map(p.ids.map((id, i) => [id, i]));
  const choice = new Map(request.instance.users.map((u) => [u.id, u.groupSize ?? 2]));
  const at = (id: string) => {
    const i = index.get(id);
    if (i === undefined) throw new Error(`"${id}" is not among the instance's users`);
    return i;
  };
  const person = at(request.personId);
  const rng = createRng(request.instance.seed ?? randomSeed());
  // Lexicographic, as one number: fewest people outside their chosen size, the smallest group
  // (nobody else's group changes when a partner is free), cross-department, never-met pairs.
  // Only the person's new pairs are scored: the others already share a group.
  const score = (members: string[]) => {
    const size = members.length + 1;
    const group = [request.personId, ...members];
    const choices = group.map((id) => choice.get(id) ?? 2);
    if (!sizesFit(choices)) return null;
    if (request.joinOnlyGroupChoosers && size > 2 && !choseGroups(choices)) return null;
    if (!members.every((m) => allowed(p, person, at(m)))) return null;
    if (!groupTimeAllowed(p, [person, ...members.map(at)])) return null;
    const offSize = group.filter((id) => (choice.get(id) ?? 2) !== size).length;
    let cross = 0;
    let fresh = 0;
    for (const m of members) {
      cross += isCross(p, person, at(m));
      if (relation(p, person, at(m)) === NEVER_MET) fresh++;
    }
    return (4 - offSize) * 1_000_000 + (4 - size) * 10_000 + cross * 100 + fresh;
  };
  const options: Option[] = [
    ...request.candidates
      .filter((id) => id !== request.personId)
      .map((id): Option => ({ placement: { kind: "pair", partnerId: id }, members: [id] })),
    ...request.pairs.map((pair): Option => ({ placement: { kind: "trio", pair }, members: pair })),
    ...(request.trios ?? []).map(
      (trio): Option => ({ placement: { kind: "four", trio }, members: trio }),
    ),
  ];
  let chosen: Placement = null;
  let top = -1;
  let ties = 0;
  for (const option of options) {
    const s = score(option.members);
    if (s === null) continue;
    if (s > top) {
      top = s;
      ties = 1;
      chosen = option.placement;
    } else if (s === top && rng.below(++ties) === 0) {
      // Reservoir draw: each of the equally good options is chosen with the same chance.
      chosen = option.placement;
    }
  }
  return chosen;
}
