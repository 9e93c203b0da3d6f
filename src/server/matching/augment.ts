/**
 * Makes a matching maximum (most people placed) by Edmonds augmenting paths on the implicit
 * graph, searching only from the vertices left exposed. Each exposed vertex is searched once: a
 * success matches it, a failure removes its Hungarian tree for the rest of the run (no later
 * augmenting path can use it), so the result is a true maximum matching.
 */
import { BlossomSearch } from "./blossom-search";
import type { Buckets } from "./buckets";
import type { Problem } from "./problem";

/** With `alive`, only the subgraph on vertices with alive[v] = 1 is considered. */
export function maximizeCardinality(
  p: Problem,
  b: Buckets,
  mate: Int32Array,
  alive?: Uint8Array,
): void {
  const roots: number[] = [];
  for (let i = 0; i < p.n; i++) {
    const v = b.members[i];
    if (mate[v] === -1 && (alive === undefined || alive[v] === 1)) roots.push(v);
  }
  if (roots.length <= 1) return;
  const search = new BlossomSearch(p, b, mate, alive);
  const regions = search.regions;
  for (const r of roots) {
    if (regions.aliveExposed <= 1) break;
    if (!regions.isExposedAlive(r)) continue;
    const e = search.search(r);
    const tree = e >= 0 ? [] : search.tree.slice();
    search.reset();
    if (e >= 0) {
      regions.setMatched(r);
      regions.setMatched(e);
    } else for (const v of tree) regions.kill(v);
  }
}
