import type { Rng } from "./rng";
import { shuffleInPlace } from "./rng";

/** (x, y) + (c, e) → (x, c) + (y, e) in `mate`. */
export function exchangePartners(mate: Int32Array, x: number, y: number, c: number, e: number) {
  mate[x] = c;
  mate[c] = x;
  mate[y] = e;
  mate[e] = y;
}

/**
 * The rounds of both swap phases (time-swaps.ts, interest-swaps.ts): every pair in a shuffled
 * order, each member tried in turn as the one who keeps their place, until a round moves nothing,
 * `rounds` rounds have run or the phase's budget is spent. A pair `settled` says cannot gain is
 * passed over.
 */
export function swapRounds(
  n: number,
  mate: Int32Array,
  rng: Rng,
  phase: {
    rounds: number;
    spent: () => boolean;
    settled: (x: number, y: number) => boolean;
    improveFrom: (x: number, y: number) => boolean;
  },
): void {
  const pairs: number[] = [];
  for (let round = 0; round < phase.rounds && !phase.spent(); round++) {
    pairs.length = 0;
    for (let v = 0; v < n; v++) if (mate[v] > v) pairs.push(v);
    shuffleInPlace(pairs, rng);
    let moved = 0;
    for (const x of pairs) {
      if (phase.spent()) break;
      const y = mate[x];
      if (y < 0 || phase.settled(x, y)) continue;
      if (phase.improveFrom(x, y) || phase.improveFrom(y, x)) moved++;
    }
    if (moved === 0) break;
  }
}
