import {
  departmentOrder,
  departmentPairs,
  eiIndex,
  monthsBetween,
  percentileDisc,
  REACH_BUCKETS,
  reachBucketOf,
  shownCount,
  shownFigure,
} from "./connection-figures";
import type { ConnectionFigures } from "./connections";
import { hiddenGrid, shownLink, shownReach, withoutHiddenCells } from "./connections-suppression";
import { DEPARTMENT_NOT_SET, percent } from "./metric-figures";

/** One match of the chosen scope: its month, whether its chat happened, its members' departments. */
export interface ConnectionMatch {
  month: string;
  happened: boolean;
  /** `department`: the name people read, null for none. */
  members: readonly { id: string; department: string | null }[];
}

export interface ConnectionOptions {
  from: string;
  to: string;
  domainGroupId: number | null;
  minCell: number;
}

/** A count of things together with the distinct people they are about. */
class Tally {
  count = 0;
  readonly people = new Set<string>();
  add(...ids: string[]) {
    this.count++;
    for (const id of ids) this.people.add(id);
  }
}

const tallyIn = <K>(map: Map<K, Tally>, key: K) => {
  const found = map.get(key);
  if (found) return found;
  const t = new Tally();
  map.set(key, t);
  return t;
};

const cellKey = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);

/**
 * The Connections figures worked out match by match from the matches themselves: the sample
 * dashboard's answer, and the second way the tests count what the server's aggregates count
 * (src/server/metrics/connections/). Every definition is in connection-figures.ts; what is hidden
 * beside the map, in connections-suppression.ts.
 */
export function connectionsFromRows(
  all: readonly ConnectionMatch[],
  options: ConnectionOptions,
): ConnectionFigures {
  const { from, to, minCell } = options;
  const months = monthsBetween(from, to);
  const rows = all
    .filter((m) => m.month >= from && m.month <= to)
    .map((m) => ({
      ...m,
      members: m.members.map((p) => ({ id: p.id, department: p.department ?? DEPARTMENT_NOT_SET })),
    }));
  const matchedPeople = new Map<string, Set<string>>();
  for (const m of rows) {
    for (const p of m.members) {
      if (!matchedPeople.has(p.department)) matchedPeople.set(p.department, new Set());
      matchedPeople.get(p.department)?.add(p.id);
    }
  }
  const departments = departmentOrder(
    new Map([...matchedPeople].map(([d, people]) => [d, people.size])),
  );
  const met = new Map<string, Tally>();
  const matched = new Map<string, Tally>();
  for (const m of rows) {
    for (const [a, b] of pairsOf(m.members)) {
      const key = cellKey(a.department, b.department);
      tallyIn(matched, key).add(a.id, b.id);
      if (m.happened) tallyIn(met, key).add(a.id, b.id);
    }
  }
  const grid = (cells: Map<string, Tally>) => {
    const at = (a: string, b: string) => cells.get(cellKey(a, b));
    return hiddenGrid(
      departments.map((a) => departments.map((b) => at(a, b)?.count ?? 0)),
      departments.map((a) => departments.map((b) => at(a, b)?.people.size ?? 0)),
      minCell,
    );
  };
  const happened = rows.filter((m) => m.happened);
  const metGrid = grid(met);
  const shown = shownLink({ departments, met: metGrid });
  return withoutHiddenCells({
    from,
    to,
    domainGroupId: options.domainGroupId,
    departments,
    met: metGrid,
    matched: grid(matched),
    // From the cells shown: withoutHiddenCells.
    eiIndex: {},
    eiTrend: months.map((month) => ({
      month,
      eiIndex: eiOf(
        happened.filter((m) => m.month === month),
        departments,
        minCell,
      ),
    })),
    coverage: months.map((month) => coverageOf(rows, month, minCell, shown)),
    reach: reachOf(rows, minCell),
    ...crossShareOf(happened, minCell),
    minCell,
  });
}

type Member = { id: string; department: string };
type Row = { month: string; happened: boolean; members: Member[] };

function pairsOf(members: readonly Member[]): Array<[Member, Member]> {
  const pairs: Array<[Member, Member]> = [];
  members.forEach((a, i) => {
    for (const b of members.slice(i + 1)) pairs.push([a, b]);
  });
  return pairs;
}

function eiOf(chats: readonly Row[], departments: readonly string[], minCell: number) {
  const internal = new Map<string, Tally>();
  const external = new Map<string, Tally>();
  for (const m of chats) {
    for (const [a, b] of pairsOf(m.members)) {
      if (a.department === b.department) tallyIn(internal, a.department).add(a.id, b.id);
      else {
        tallyIn(external, a.department).add(a.id);
        tallyIn(external, b.department).add(b.id);
      }
    }
  }
  return Object.fromEntries(
    departments.map((d) => {
      const people = new Set([
        ...(internal.get(d)?.people ?? []),
        ...(external.get(d)?.people ?? []),
      ]);
      const value = eiIndex(external.get(d)?.count ?? 0, internal.get(d)?.count ?? 0);
      return [d, shownFigure(value, people.size, minCell)];
    }),
  );
}

function coverageOf(
  rows: readonly Row[],
  month: string,
  minCell: number,
  shown: (a: string, b: string) => boolean,
) {
  const own = rows.filter((m) => m.month === month);
  const present = new Set(own.flatMap((m) => m.members.map((p) => p.department)));
  const links = new Set<string>();
  const people = new Set<string>();
  for (const m of own.filter((r) => r.happened)) {
    for (const p of m.members) people.add(p.id);
    for (const [a, b] of pairsOf(m.members)) {
      if (a.department !== b.department && shown(a.department, b.department)) {
        links.add(cellKey(a.department, b.department));
      }
    }
  }
  return {
    month,
    connected: shownCount(links.size, people.size, minCell),
    possible: departmentPairs(present.size),
  };
}

function reachOf(rows: readonly Row[], minCell: number): ConnectionFigures["reach"] {
  const colleagues = new Map<string, Set<string>>();
  for (const m of rows) {
    for (const p of m.members) if (!colleagues.has(p.id)) colleagues.set(p.id, new Set());
    if (!m.happened) continue;
    for (const [a, b] of pairsOf(m.members)) {
      colleagues.get(a.id)?.add(b.id);
      colleagues.get(b.id)?.add(a.id);
    }
  }
  const reach = [...colleagues.values()].map((s) => s.size).sort((a, b) => a - b);
  const counts = REACH_BUCKETS.map(() => 0);
  for (const n of reach) counts[reachBucketOf(n)]++;
  return shownReach(
    counts,
    {
      people: reach.length,
      median: percentileDisc(reach, 0.5),
      p90: percentileDisc(reach, 0.9),
    },
    minCell,
  );
}

function crossShareOf(chats: readonly Row[], minCell: number) {
  const people = new Set(chats.flatMap((m) => m.members.map((p) => p.id))).size;
  const cross = chats.filter((m) => new Set(m.members.map((p) => p.department)).size > 1).length;
  return {
    crossShare: shownFigure(percent(cross, chats.length), people, minCell),
    chats: shownCount(chats.length, people, minCell),
  };
}
