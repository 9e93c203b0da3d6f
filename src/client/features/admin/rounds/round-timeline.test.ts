import type { TimelineEntry } from "@shared/rounds";
import { describe, expect, it } from "vitest";
import { stepBadge } from "./round-timeline";

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
