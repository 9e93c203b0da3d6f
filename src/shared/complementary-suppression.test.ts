import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { percentileDisc, REACH_BUCKETS } from "./connection-figures";
import { hiddenBars, hiddenGrid, shownReach, withComplement } from "./connections-suppression";

/*
 * A reader who knows a set's total (docs/privacy.md, "Figures about few people") and every count
 * shown: the hidden counts add up to the rest, each is at least 1, and a count of people hidden
 * as about few is at most `primaryMax`. They win when those facts leave one value for a hidden
 * count. Enumerating every assignment the reader cannot rule out, the true one among them, each
 * hidden count must take at least two values. `fits` rules out the assignments other figures
 * shown contradict.
 */
function candidates(
  hidden: readonly number[],
  primaryMax: number,
  fits: (assignment: readonly number[]) => boolean = () => true,
): Array<Set<number>> {
  // A count of none is hidden only when every count shown is none: the reader sees that.
  const least = hidden.includes(0) ? 0 : 1;
  const sum = hidden.reduce((a, b) => a + b, 0);
  const seen = hidden.map(() => new Set<number>());
  const walk = (i: number, left: number, picked: number[]) => {
    if (i === hidden.length - 1) {
      const assignment = [...picked, left];
      if (left < least || !fits(assignment)) return;
      // Every hidden count may be about few people, or the company of one.
      for (const [j, v] of assignment.entries()) seen[j].add(v);
      return;
    }
    for (let v = least; v <= left - least * (hidden.length - 1 - i); v++)
      walk(i + 1, left - v, [...picked, v]);
  };
  walk(0, sum, []);
  // Assignments where every count is about few people: what a reader assuming so concludes.
  const allSmall = hidden.map(() => new Set<number>());
  const walkSmall = (i: number, left: number, picked: number[]) => {
    if (i === hidden.length) {
      if (left === 0 && fits(picked)) {
        for (const [j, v] of picked.entries()) allSmall[j].add(v);
      }
      return;
    }
    for (let v = 1; v <= Math.min(primaryMax, left); v++)
      walkSmall(i + 1, left - v, [...picked, v]);
  };
  if (Number.isFinite(primaryMax) && hidden.length * primaryMax >= sum) walkSmall(0, sum, []);
  return allSmall.some((s) => s.size === 1) ? allSmall : seen;
}

const setArb = fc
  .array(fc.oneof(fc.nat(6), fc.nat(30)), { minLength: 1, maxLength: 7 })
  .chain((values) =>
    fc.tuple(
      fc.constant(values),
      fc.array(fc.boolean(), { minLength: values.length, maxLength: values.length }),
    ),
  );

describe("complementary suppression (withComplement)", () => {
  it("leaves no hidden count of a set with a known total to be worked out", () => {
    let protectedOnes = 0;
    fc.assert(
      fc.property(setArb, fc.integer({ min: 3, max: 6 }), ([values, small], minCell) => {
        const primary = values.map((v, i) => small[i] && v > 0 && v < minCell);
        const marks = withComplement(values, primary, minCell - 1);
        // What was hidden stays hidden, and a count of none is never hidden.
        for (const [i, p] of primary.entries()) if (p) expect(marks[i]).toBe(true);
        if (values.some((v, i) => v > 0 && !marks[i])) {
          for (const [i, v] of values.entries()) if (v === 0) expect(marks[i]).toBe(false);
        }
        const hidden = values.filter((_, i) => marks[i]);
        // Unless nothing is left to hide beside it, no hidden count has a single candidate.
        if (hidden.length > 0 && hidden.length < values.length) {
          protectedOnes++;
          for (const c of candidates(hidden, minCell - 1)) expect(c.size).toBeGreaterThan(1);
        }
      }),
      { seed: 7, numRuns: 400 },
    );
    expect(protectedOnes).toBeGreaterThan(100);
  });

  it("leaves no hidden reach bar to be worked out from the people matched and the percentiles", () => {
    // Each person at their bar's least reach: which bar a percentile falls in is all it tells.
    const reachOf = (counts: readonly number[]) =>
      counts.flatMap((c, i) => Array.from({ length: c }, () => REACH_BUCKETS[i].min));
    // Bars as one month or a few give them: most people at 0 to 2 colleagues met, a few beyond.
    const barsArb = fc.array(fc.oneof(fc.nat(6), fc.nat(40)), { minLength: 7, maxLength: 7 });
    let protectedOnes = 0;
    fc.assert(
      fc.property(barsArb, fc.integer({ min: 3, max: 6 }), (counts, minCell) => {
        const reach = reachOf(counts);
        const people = reach.length;
        const median = percentileDisc(reach, 0.5);
        const p90 = percentileDisc(reach, 0.9);
        const shown = shownReach(counts, { people, median, p90 }, minCell);
        const at = shown.histogram.flatMap((bar, i) => (bar.people === null ? [i] : []));
        if (at.length === 0 || at.length === counts.length || shown.people === null) return;
        protectedOnes++;
        // The reader puts the hidden bars' total back together and keeps what the percentiles shown allow.
        const fits = (assignment: readonly number[]) => {
          const guess = [...counts];
          for (const [k, i] of at.entries()) guess[i] = assignment[k];
          const r = reachOf(guess);
          return (
            (shown.median === null || percentileDisc(r, 0.5) === shown.median) &&
            (shown.p90 === null || percentileDisc(r, 0.9) === shown.p90)
          );
        };
        const hidden = at.map((i) => counts[i]);
        for (const c of candidates(hidden, minCell - 1, fits)) expect(c.size).toBeGreaterThan(1);
      }),
      { seed: 11, numRuns: 300 },
    );
    expect(protectedOnes).toBeGreaterThan(50);
    // 16 people as 5, 3, 7, 1: the bars "1" and "3" are hidden, and the median with them; a median
    // of 1 would say at least eight people met one colleague or none, so the bar "1" reads 3.
    expect(shownReach([5, 3, 7, 1, 0, 0, 0], { people: 16, median: 1, p90: 2 }, 5)).toMatchObject({
      people: 16,
      median: null,
      p90: null,
    });
  });

  it("hides the next smallest bar of the reach table when one alone would be hidden", () => {
    // 200 people: the bars shown would give the bar of one person away.
    expect(hiddenBars([0, 1, 8, 20, 56, 115, 0], 5)).toEqual([0, null, null, 20, 56, 115, 0]);
    // Two bars about few people already keep each other's secret.
    expect(hiddenBars([0, 1, 2, 20, 56, 115, 0], 5)).toEqual([0, null, null, 20, 56, 115, 0]);
    // Two bars of one person each add up to two: a third is hidden with them.
    expect(hiddenBars([0, 1, 1, 20, 56, 115, 0], 5)).toEqual([0, null, null, null, 56, 115, 0]);
  });

  it("hides a second cell within departments and across them beside a hidden one", () => {
    const counts = [
      [4, 9, 2],
      [9, 6, 7],
      [2, 7, 8],
    ];
    const people = [
      [3, 12, 6],
      [12, 8, 9],
      [6, 9, 10],
    ];
    // Within: the first department's own cell (three people) and the next smallest, 6.
    expect(hiddenGrid(counts, people, 5)).toEqual([
      [null, 9, 2],
      [9, null, 7],
      [2, 7, 8],
    ]);
  });
});
