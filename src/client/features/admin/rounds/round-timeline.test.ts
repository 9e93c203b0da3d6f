import type { TimelineEntry } from "@shared/rounds";
import { describe, expect, it } from "vitest";
import { shownAt, stepBadge } from "./round-timeline";

const entry = (at: string, state: TimelineEntry["state"]): TimelineEntry => ({
  step: "check-in",
  at,
  state,
  doneAt: null,
  note: null,
});

describe("a round step's badge", () => {
  const now = new Date("2026-12-06T12:00:00Z");

  it("reads Scheduled for a step waiting for a time still to come, Due once it has come", () => {
    expect(stepBadge(entry("2026-12-14T08:00:00Z", "pending"), now).label).toBe("Scheduled");
    expect(stepBadge(entry("2026-12-06T08:00:00Z", "pending"), now).label).toBe("Due");
  });

  it("keeps the state's own word for every other state", () => {
    expect(stepBadge(entry("2026-12-14T08:00:00Z", "planned"), now).label).toBe("Planned");
    expect(stepBadge(entry("2026-12-01T08:00:00Z", "done"), now).label).toBe("Done");
  });
});

describe("a round step's date", () => {
  it("is the day a done step was done, not the day it was planned for", () => {
    // Completed by an admin on Sunday 29 November, a week before the next round would have.
    const completed: TimelineEntry = {
      step: "complete",
      at: "2026-12-07T09:00:00.000Z",
      state: "done",
      doneAt: "2026-11-29T10:00:00.000Z",
      note: null,
    };
    expect(shownAt(completed)).toBe("2026-11-29T10:00:00.000Z");
  });

  it("is the planned day for a step not done, even one settled at another time", () => {
    const skipped = { ...entry("2026-12-14T08:00:00Z", "skipped"), doneAt: "2026-12-01T08:00:00Z" };
    expect(shownAt(skipped)).toBe("2026-12-14T08:00:00Z");
    expect(shownAt(entry("2026-12-14T08:00:00Z", "pending"))).toBe("2026-12-14T08:00:00Z");
  });
});
