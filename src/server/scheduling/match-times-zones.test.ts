import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { createRunningCompany } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import type { Interval } from "./intervals";
import { matchProposals } from "./match-times";

// Matches across Berlin, New York and Tokyo on the company's default hours (docs/scheduling.md,
// "How times are chosen"), with real rows: a December round made in late November, read once the
// clock has moved into December. Berlin and New York share 15:00–17:00 Berlin time every working
// day, whoever organises; Tokyo shares no hour with Berlin.

const clock = fixedClock("2026-11-27T10:00:00Z");
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const BERLIN = { timeZone: "Europe/Berlin" };
const NEW_YORK = { timeZone: "America/New_York" };
const TOKYO = { timeZone: "Asia/Tokyo" };

const wallClock = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", {
    timeZone,
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(instant);

/** Each time is on a weekday, inside 09:00–17:00 in every zone given. */
function expectInsideHours(times: Interval[], zones: string[]) {
  for (const time of times) {
    for (const zone of zones) {
      const [day, start] = wallClock(time.start, zone).split(" ");
      const [, end] = wallClock(time.end, zone).split(" ");
      expect(["Sat", "Sun"], `${zone} ${time.start.toISOString()}`).not.toContain(day);
      expect(start >= "09:00" && end <= "17:00" && start < end, `${zone} ${start}–${end}`).toBe(
        true,
      );
    }
  }
}

async function decemberCompany() {
  clock.set(new Date("2026-11-27T10:00:00Z"));
  return createRunningCompany(t.db, { name: "Zones", month: "2026-12" });
}

describe("proposed times across Berlin, New York and Tokyo", () => {
  it("proposes three times to a Berlin-organised trio with New York, and to both pairs", async () => {
    const { person, match } = await decemberCompany();
    const anna = await person("Anna", BERLIN);
    const maria = await person("Maria", NEW_YORK);
    const zoe = await person("Zoë", BERLIN);
    const james = await person("James", NEW_YORK);
    const bjorn = await person("Björn", BERLIN);
    const trio = await match(anna, maria, zoe);
    const berlinFirst = await match(bjorn, james);
    const newYorkFirst = await match(
      await person("Aisha", NEW_YORK),
      await person("Jonas", BERLIN),
    );
    // The walk's moment: the December announcement, Tuesday 8 December.
    clock.set(new Date("2026-12-08T13:07:31.188Z"));
    const proposals = await matchProposals(t.ctx, [trio.id, berlinFirst.id, newYorkFirst.id]);
    for (const id of [trio.id, berlinFirst.id, newYorkFirst.id]) {
      const times = proposals.get(id)?.times ?? [];
      expect(times, `match ${id}`).toHaveLength(3);
      expectInsideHours(times, ["Europe/Berlin", "America/New_York"]);
      for (const time of times) {
        expect(time.start.getTime()).toBeGreaterThan(clock.now().getTime());
        expect(time.end.getTime()).toBeLessThanOrEqual(new Date("2027-01-04T08:00:00Z").getTime());
      }
    }
  });

  it("proposes none to a trio with Tokyo, which shares no working hour with Berlin", async () => {
    const { person, match } = await decemberCompany();
    const withTokyo = await match(
      await person("Anna", BERLIN),
      await person("Maria", NEW_YORK),
      await person("Sakura", TOKYO),
    );
    const tokyoAndNewYork = await match(await person("Yuki", TOKYO), await person("Ben", NEW_YORK));
    clock.set(new Date("2026-12-08T13:07:31.188Z"));
    const proposals = await matchProposals(t.ctx, [withTokyo.id, tokyoAndNewYork.id]);
    expect(proposals.get(withTokyo.id)?.times).toEqual([]);
    // New York 09:00–17:00 is Tokyo's 23:00–07:00: no shared hour either.
    expect(proposals.get(tokyoAndNewYork.id)?.times).toEqual([]);
  });
});
