import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { maxWeightMatching } from "./weighted-matching";

/** Best (cardinality?, weight) over all matchings, by exhaustive recursion. */
function bruteForce(n: number, edges: [number, number, number][], maxCard: boolean) {
  const w = new Map<string, number>();
  for (const [u, v, x] of edges) w.set(`${Math.min(u, v)},${Math.max(u, v)}`, x);
  const used = new Array<boolean>(n).fill(false);
  let best = { card: -1, weight: Number.NEGATIVE_INFINITY };
  const go = (v: number, card: number, weight: number): void => {
    if (v === n) {
      const better = maxCard
        ? card > best.card || (card === best.card && weight > best.weight)
        : weight > best.weight;
      if (better) best = { card, weight };
      return;
    }
    if (used[v]) {
      go(v + 1, card, weight);
      return;
    }
    go(v + 1, card, weight);
    used[v] = true;
    for (let u = v + 1; u < n; u++) {
      const x = w.get(`${v},${u}`);
      if (used[u] || x === undefined) continue;
      used[u] = true;
      go(v + 1, card + 1, weight + x);
      used[u] = false;
    }
    used[v] = false;
  };
  go(0, 0, 0);
  return best;
}

function evaluate(n: number, edges: [number, number, number][], mate: Int32Array) {
  const w = new Map<string, number>();
  for (const [u, v, x] of edges) w.set(`${Math.min(u, v)},${Math.max(u, v)}`, x);
  let card = 0;
  let weight = 0;
  for (let v = 0; v < n; v++) {
    if (mate[v] < 0) continue;
    expect(mate[mate[v]]).toBe(v);
    if (mate[v] > v) {
      const x = w.get(`${v},${mate[v]}`);
      expect(x).toBeDefined();
      card++;
      weight += x!;
    }
  }
  return { card, weight };
}

const graphs = fc
  .integer({ min: 1, max: 10 })
  .chain((n) =>
    fc.tuple(
      fc.constant(n),
      fc.uniqueArray(fc.tuple(fc.nat(n - 1), fc.nat(n - 1), fc.integer({ min: 0, max: 30 })), {
        selector: ([u, v]) => `${Math.min(u, v)},${Math.max(u, v)}`,
        maxLength: 30,
      }),
    ),
  )
  .map(([n, es]) => [n, es.filter(([u, v]) => u !== v)] as const);

describe("maxWeightMatching (general-graph blossom algorithm)", () => {
  it("finds the maximum weight on random small graphs, as exhaustive search does", () => {
    fc.assert(
      fc.property(graphs, ([n, edges]) => {
        const mate = maxWeightMatching(
          n,
          edges.map((e) => e[0]),
          edges.map((e) => e[1]),
          edges.map((e) => e[2]),
          false,
        );
        expect(evaluate(n, edges, mate).weight).toBe(bruteForce(n, edges, false).weight);
      }),
      { numRuns: 400 },
    );
  });

  it("finds the heaviest maximum-cardinality matching on random small graphs", () => {
    fc.assert(
      fc.property(graphs, ([n, edges]) => {
        const mate = maxWeightMatching(
          n,
          edges.map((e) => e[0]),
          edges.map((e) => e[1]),
          edges.map((e) => e[2]),
          true,
        );
        expect(evaluate(n, edges, mate)).toEqual(bruteForce(n, edges, true));
      }),
      { numRuns: 400 },
    );
  });

  it("prefers two light edges over one heavy edge only when their sum is larger", () => {
    // Path 0-1-2-3 with weights 5, 11, 5: the middle edge alone (11) beats 5 + 5 = 10 ...
    expect(Array.from(maxWeightMatching(4, [0, 1, 2], [1, 2, 3], [5, 11, 5], false))).toEqual([
      -1, 2, 1, -1,
    ]);
    // ... unless the most people must be placed.
    expect(Array.from(maxWeightMatching(4, [0, 1, 2], [1, 2, 3], [5, 11, 5], true))).toEqual([
      1, 0, 3, 2,
    ]);
  });
});
