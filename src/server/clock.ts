/** Injectable time source so expiry rules can be tested just before and just after a limit. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function fixedClock(
  start: Date | string,
): Clock & { advance(ms: number): void; set(d: Date | string): void } {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    advance(ms) {
      current = new Date(current.getTime() + ms);
    },
    set(d) {
      current = new Date(d);
    },
  };
}

/**
 * The system clock moved to start at `start` and run on from there: a walk through a month in
 * development (CLOCK_START, README.md "Development"); never in production (config.ts refuses it).
 */
export function shiftedClock(start: Date, base: Clock = systemClock): Clock {
  const offset = start.getTime() - base.now().getTime();
  return { now: () => new Date(base.now().getTime() + offset) };
}
