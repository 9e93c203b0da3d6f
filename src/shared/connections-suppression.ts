import { eiIndex } from "./connection-figures";
import type { ConnectionFigures } from "./connections";

/*
 * Complementary suppression of the Connections figures (docs/privacy.md, "Figures about few
 * people"; decision 0063). A map cell about fewer people than the threshold is hidden; this step
 * makes sure no other figure of the same answer can be combined with the map to work it out
 * again: every figure beside the map is computed from the cells shown, or hidden when the map
 * hides a cell it would be made of. Both ways of counting (the server's aggregates and the sample
 * dashboard's rows) end with it, so they hide the same figures.
 */

const hasHidden = (grid: readonly (readonly (number | null)[])[]) =>
  grid.some((row) => row.some((value) => value === null));

/**
 * The figures once nothing beside the map is made of a hidden cell: `figures` has the map's
 * cells hidden already, and its coverage counts department pairs among the cells shown only.
 * - E-I index, of the period and month by month: only for a department whose row of the map hides
 *   no cell. Counted over the cells shown instead, a hidden cell would count as none and a
 *   department whose own cell is hidden would read +1, "met only other departments", which is false.
 * - chats and the share across departments: only when the map of chats hides no cell.
 * - reach: only when neither map hides a cell; its number of people, median and 90th percentile
 *   only when no bar of its histogram is hidden either (the bars add up to that number).
 */
export function withoutHiddenCells(figures: ConnectionFigures): ConnectionFigures {
  const { departments, met, matched } = figures;
  const rowHides = departments.map((_, i) => met[i].some((value) => value === null));
  const eiShown = Object.fromEntries(
    departments.map((d, i) => {
      if (rowHides[i]) return [d, null];
      const internal = met[i][i] ?? 0;
      const external = met[i].reduce<number>((sum, v, j) => sum + (j === i ? 0 : (v ?? 0)), 0);
      return [d, eiIndex(external, internal)];
    }),
  );
  const chatsHide = hasHidden(met);
  const reachHides = chatsHide || hasHidden(matched);
  const barHidden = figures.reach.histogram.some((bar) => bar.people === null);
  return {
    ...figures,
    eiIndex: eiShown,
    eiTrend: figures.eiTrend.map((month) => ({
      month: month.month,
      eiIndex: Object.fromEntries(
        departments.map((d, i) => [d, rowHides[i] ? null : (month.eiIndex[d] ?? null)]),
      ),
    })),
    chats: chatsHide ? null : figures.chats,
    crossShare: chatsHide ? null : figures.crossShare,
    reach: {
      people: reachHides || barHidden ? null : figures.reach.people,
      median: reachHides || barHidden ? null : figures.reach.median,
      p90: reachHides || barHidden ? null : figures.reach.p90,
      histogram: figures.reach.histogram.map((bar) => ({
        label: bar.label,
        people: reachHides ? null : bar.people,
      })),
    },
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
