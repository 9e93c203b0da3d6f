import { eiIndex, REACH_BUCKETS, shownCount, shownFigure } from "./connection-figures";
import type { ConnectionFigures } from "./connections";

/*
 * Complementary suppression of the Connections figures (docs/privacy.md, "Figures about few
 * people"; decision 0063). A count about fewer people than the threshold is hidden; these steps
 * make sure no other figure can be combined with what is shown to work it out again: a hidden
 * count in a set whose total is known gets company (withComplement), and every figure made of the
 * map's cells is computed from the cells shown, or hidden when the map hides a cell it would be
 * made of. Both ways of counting (the server's aggregates and the sample dashboard's rows) use
 * them, so they hide the same figures.
 */

/**
 * Complementary suppression of one set of counts whose total a reader knows or can work out (the
 * reach histogram's bars add up to the people matched; the map's cells to the chats or matches,
 * shown on the Overview too). `hidden` marks the counts about fewer people than the threshold;
 * the answer marks those and, while the hidden counts could be worked out from the total, the
 * next smallest count shown beside them (one of none only when no other is left). A reader knows
 * a hidden count is at least 1 (unless every count shown is none) and, for a count of people
 * about few, at most `primaryMax`: one hidden count, hidden counts that add up to one each, or
 * counts of people that add up to `primaryMax` each would pin every one of them.
 */
export function withComplement(
  values: readonly number[],
  hidden: readonly boolean[],
  primaryMax = Number.POSITIVE_INFINITY,
): boolean[] {
  const marks = [...hidden];
  for (;;) {
    const k = marks.filter(Boolean).length;
    const sum = values.reduce((total, v, i) => total + (marks[i] ? v : 0), 0);
    if (k === 0 || (k >= 2 && sum > k && sum !== k * primaryMax)) return marks;
    // The smallest count shown; one of none only when every count shown is none.
    let next = -1;
    values.forEach((v, i) => {
      if (!marks[i] && (next < 0 || (v > 0 && (values[next] === 0 || v < values[next])))) {
        next = i;
      }
    });
    if (next < 0) return marks;
    marks[next] = true;
  }
}

/**
 * The map's counts with the cells about fewer than `minCell` people hidden, and beside them the
 * cells that would give them away: the cells within one department and the cells across two are
 * each a set whose total the chats and the share across departments give (withComplement).
 */
export function hiddenGrid(
  counts: readonly (readonly number[])[],
  people: readonly (readonly number[])[],
  minCell: number,
): (number | null)[][] {
  const n = counts.length;
  const small = (i: number, j: number) => people[i][j] > 0 && people[i][j] < minCell;
  const within = Array.from({ length: n }, (_, i) => [i, i] as const);
  const across = within.flatMap(([i]) => within.slice(i + 1).map(([j]) => [i, j] as const));
  const hide = new Set<string>();
  for (const set of [within, across]) {
    const marks = withComplement(
      set.map(([i, j]) => counts[i][j]),
      set.map(([i, j]) => small(i, j)),
    );
    set.forEach(([i, j], k) => {
      if (marks[k]) hide.add(`${Math.min(i, j)},${Math.max(i, j)}`);
    });
  }
  return counts.map((row, i) =>
    row.map((v, j) => (hide.has(`${Math.min(i, j)},${Math.max(i, j)}`) ? null : v)),
  );
}

/** The reach histogram's bars: a bar counts people, so a bar shown is about `minCell` or more. */
export function hiddenBars(counts: readonly number[], minCell: number): (number | null)[] {
  const marks = withComplement(
    counts,
    counts.map((c) => c > 0 && c < minCell),
    minCell - 1,
  );
  return counts.map((c, i) => (marks[i] ? null : c));
}

/**
 * The reach figures: `counts` are the histogram's bars (REACH_BUCKETS), `people` the people
 * matched, `median` and `p90` the exact percentiles. Beside a hidden bar the median and the 90th
 * percentile are hidden too: each says how many people lie on either side of a bar's edge, which
 * can split the hidden bars' known total into one answer (16 people as 5, hidden, 7, hidden: a
 * median of 1 leaves the bar "1" at 3 and the bar "3" at 1).
 */
export function shownReach(
  counts: readonly number[],
  figures: { people: number; median: number | null; p90: number | null },
  minCell: number,
): ConnectionFigures["reach"] {
  const bars = hiddenBars(counts, minCell);
  const barHidden = bars.some((b) => b === null);
  const about = (value: number | null) =>
    barHidden ? null : shownFigure(value, figures.people, minCell);
  return {
    people: shownCount(figures.people, figures.people, minCell),
    median: about(figures.median),
    p90: about(figures.p90),
    histogram: bars.map((people, i) => ({ label: REACH_BUCKETS[i].label, people })),
  };
}

/**
 * The figures once nothing beside the map is made of a hidden cell: `figures` has the map's
 * cells hidden already (hiddenGrid), and its coverage counts department pairs among the cells
 * shown only.
 * - E-I index, of the period and month by month: only for a department whose row of the map hides
 *   no cell. Counted over the cells shown instead, a hidden cell would count as none and a
 *   department whose own cell is hidden would read +1, "met only other departments", which is false.
 * - chats, the share across departments and reach are not made of the map's cells: each is shown
 *   when about `minCell` people or more, whatever the map hides (hiddenGrid keeps the map's
 *   hidden cells from being worked out of the chats' total).
 */
export function withoutHiddenCells(figures: ConnectionFigures): ConnectionFigures {
  const { departments, met } = figures;
  const rowHides = departments.map((_, i) => met[i].some((value) => value === null));
  const eiShown = Object.fromEntries(
    departments.map((d, i) => {
      if (rowHides[i]) return [d, null];
      const internal = met[i][i] ?? 0;
      const external = met[i].reduce<number>((sum, v, j) => sum + (j === i ? 0 : (v ?? 0)), 0);
      return [d, eiIndex(external, internal)];
    }),
  );
  return {
    ...figures,
    eiIndex: eiShown,
    eiTrend: figures.eiTrend.map((month) => ({
      month: month.month,
      eiIndex: Object.fromEntries(
        departments.map((d, i) => [d, rowHides[i] ? null : (month.eiIndex[d] ?? null)]),
      ),
    })),
  };
}

/**
 * Whether the map of chats shows the cell of departments `a` and `b` with a connection in it: a
 * month's coverage counts only such department pairs, so it says nothing of a hidden cell.
 */
export function shownLink(figures: Pick<ConnectionFigures, "departments" | "met">) {
  const index = new Map(figures.departments.map((d, i) => [d, i]));
  return (a: string, b: string) => {
    const i = index.get(a);
    const j = index.get(b);
    if (i === undefined || j === undefined) return false;
    const value = figures.met[i][j];
    return value !== null && value > 0;
  };
}
