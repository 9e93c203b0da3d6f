import {
  type ConnectionFigures,
  departmentOrder,
  departmentPairs,
  eiIndex,
  monthsBetween,
  REACH_BUCKETS,
  shownCount,
  shownFigure,
} from "../../../shared/connections";
import {
  hiddenGrid,
  shownLink,
  shownReach,
  withoutHiddenCells,
} from "../../../shared/connections-suppression";
import { percent } from "../../../shared/metric-figures";
import type { AggregateRow, ConnectionScope } from "./connection-aggregates";

const n = (v: number | null) => Number(v ?? 0);

/** Ordered pair counts of one department pair, read both ways, as the map shows it. */
function cellReader(rows: AggregateRow[]) {
  const cells = new Map<string, AggregateRow>();
  for (const r of rows) if (r.kind === "cell") cells.set(`${r.d1}\u0000${r.d2}`, r);
  return (a: string, b: string, happened: boolean) => {
    const there = cells.get(`${a}\u0000${b}`);
    const back = cells.get(`${b}\u0000${a}`);
    const count = (r?: AggregateRow) => n(happened ? (r?.b ?? 0) : (r?.a ?? 0));
    const people = (r?: AggregateRow) => n(happened ? (r?.d ?? 0) : (r?.c ?? 0));
    // Within one department each pair was counted from both of its members.
    if (a === b) return { count: count(there) / 2, people: people(there) };
    return { count: count(there), people: people(there) + people(back) };
  };
}

/**
 * The Connections answer from the aggregates of connection-aggregates.ts, each figure by its
 * definition in src/shared/connection-figures.ts, hidden where it describes fewer than `minCell`
 * people, and made of the map's cells shown only (docs/privacy.md, "Figures about few people";
 * src/shared/connections-suppression.ts).
 */
export function connectionsFromAggregates(
  rows: AggregateRow[],
  scope: ConnectionScope,
  minCell: number,
): ConnectionFigures {
  const months = monthsBetween(scope.from, scope.to);
  const perDepartment = rows.filter((r) => r.kind === "dept");
  const departments = departmentOrder(new Map(perDepartment.map((r) => [String(r.d1), n(r.d)])));
  const cell = cellReader(rows);
  const grid = (happened: boolean) => {
    const cells = departments.map((a) => departments.map((b) => cell(a, b, happened)));
    return hiddenGrid(
      cells.map((row) => row.map((c) => c.count)),
      cells.map((row) => row.map((c) => c.people)),
      minCell,
    );
  };
  const met = grid(true);
  const shown = shownLink({ departments, met });
  const byMonth = rows.filter((r) => r.kind === "month");
  const eiOfMonth = (month: string) =>
    Object.fromEntries(
      departments.map((d) => {
        const r = byMonth.find((x) => x.month === month && x.d1 === d);
        return [d, shownFigure(eiIndex(n(r?.b ?? 0), n(r?.a ?? 0) / 2), n(r?.c ?? 0), minCell)];
      }),
    );
  const reach = rows.find((r) => r.kind === "reach");
  const buckets = new Map(rows.filter((r) => r.kind === "bucket").map((r) => [r.d1, n(r.a)]));
  const chats = rows.find((r) => r.kind === "chats");
  const reached = n(reach?.c ?? 0);
  const chatPeople = n(chats?.c ?? 0);
  return withoutHiddenCells({
    ...scope,
    departments,
    met,
    matched: grid(false),
    // From the cells shown: withoutHiddenCells.
    eiIndex: {},
    eiTrend: months.map((month) => ({ month, eiIndex: eiOfMonth(month) })),
    coverage: months.map((month) => {
      const own = byMonth.filter((r) => r.month === month);
      const people = own.reduce((sum, r) => sum + n(r.c), 0);
      const links = rows.filter(
        (r) => r.kind === "link" && r.month === month && shown(String(r.d1), String(r.d2)),
      ).length;
      return {
        month,
        connected: shownCount(links, people, minCell),
        possible: departmentPairs(own.length),
      };
    }),
    reach: shownReach(
      REACH_BUCKETS.map((_, i) => buckets.get(String(i)) ?? 0),
      { people: reached, median: reach?.a ?? null, p90: reach?.b ?? null },
      minCell,
    ),
    crossShare: shownFigure(percent(n(chats?.b ?? 0), n(chats?.a ?? 0)), chatPeople, minCell),
    chats: shownCount(n(chats?.a ?? 0), chatPeople, minCell),
    minCell,
  });
}
