import { randomInt } from "node:crypto";

/** A seeded pseudo-random generator (sfc32): `next()` returns a uint32, `below(k)` an int in [0, k). */
export interface Rng {
  next(): number;
  below(k: number): number;
}

/** Folds any safe integer seed into 32 bits (splitmix32-style) so nearby seeds diverge. */
function mix32(x: number): number {
  let z = x | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

export function createRng(seed: number): Rng {
  const lo = seed >>> 0;
  const hi = Math.floor(seed / 0x100000000) >>> 0;
  let a = mix32(lo ^ 0x9e3779b9);
  let b = mix32(hi ^ 0x7f4a7c15);
  let c = mix32(lo + 0x6a09e667);
  let d = 1;
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) next();
  return {
    next,
    below: (k: number) => (k <= 1 ? 0 : Math.floor((next() / 0x100000000) * k)),
  };
}

/** A fresh seed for runs without one: a non-negative 31-bit integer, so it round-trips in JSON. */
export function randomSeed(): number {
  return randomInt(0, 0x7fffffff);
}

/** In-place Fisher–Yates shuffle. */
export function shuffleInPlace<T>(items: T[] | Int32Array, rng: Rng): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    const t = items[i];
    items[i] = items[j];
    items[j] = t;
  }
}
