import type { Clock } from "../../src/server/clock";

/**
 * A clock for a story's app that starts at a fixed instant and runs on at the real pace: dates
 * the story expects do not depend on today, and what the app waits for on its own clock (a
 * delivery's retry after a mail-server outage) still comes. `set` jumps to another instant.
 * Pages opened with `startStory({ pagesOnClock: true })` read its instant when they open.
 */
export function runningClock(start: Date | string): Clock & { set(at: Date | string): void } {
  let offsetMs = 0;
  const clock = {
    now: () => new Date(Date.now() + offsetMs),
    set(at: Date | string) {
      offsetMs = new Date(at).getTime() - Date.now();
    },
  };
  clock.set(start);
  return clock;
}
