import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GeneratePairingResponse, PairingValidationResponse } from "../../../shared/pairings";
import { noSharedHoursText } from "../../../shared/sat-out";
import { fixedClock } from "../../clock";
import { composeDraft } from "../../rounds/compose-draft";
import { findRoundScope } from "../../rounds/round-settings";
import { allowEmail, createGroup, createUser, signInAdmin } from "../../test/factories";
import { checkRoundInvariantsAfterEach } from "../../test/round-invariants-hook";
import { createTestApp, type TestApp } from "../../test/test-app";
import type { Requests } from "../../test/test-client";
import { placeOf } from "../scope/no-shared-hours";

const NOW = new Date("2027-03-05T09:00:00Z");
let t: TestApp;
let admin: Requests;

beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(NOW) });
  admin = t.as(await signInAdmin(t.db, { email: "boss@offices.test" }, { now: NOW }));
});
afterAll(() => t.close());
checkRoundInvariantsAfterEach(() => t?.db);

const WEEKDAYS = [1, 2, 3, 4, 5].map((day) => ({ day, start: "09:00", end: "17:00" }));
const OFFICES = { Berlin: "Europe/Berlin", "New York": "America/New_York", Tokyo: "Asia/Tokyo" };

/** A group of people in offices, each working 09:00–17:00 in their office's zone. */
async function companyIn(name: string, people: [string, keyof typeof OFFICES][]) {
  const group = await createGroup(t.db, { name, displayName: name });
  await allowEmail(t.db, `*@${name}.test`, group.id);
  const made = new Map<string, { id: string }>();
  for (const [first, office] of people) {
    made.set(
      first,
      await createUser(t.db, {
        email: `${first.toLowerCase()}@${name}.test`,
        firstName: first,
        lastName: "Test",
        office,
        timeZone: OFFICES[office],
        workingHours: WEEKDAYS,
      }),
    );
  }
  return { group, people: made };
}

describe("an office that shares no working time with anyone (docs/pairings.md)", () => {
  it("is named ahead in the eligibility check and the draft review, from the reasons generate gives", async () => {
    // Tokyo's 09:00–17:00 ends when Berlin's begins, and never meets New York's.
    const { group, people } = await companyIn("threecities", [
      ["Ada", "Berlin"],
      ["Ben", "Berlin"],
      ["Cy", "New York"],
      ["Di", "New York"],
      ["Emi", "Tokyo"],
    ]);
    const validation: PairingValidationResponse = (
      await admin.get(`/api/admin/pairing-validation?domainGroupId=${group.id}`)
    ).json();
    expect(validation.forecast.noSharedHours).toEqual([{ place: "Tokyo", people: 1, minutes: 60 }]);
    expect(noSharedHoursText(validation.forecast.noSharedHours[0])).toBe(
      "1 person in Tokyo shares no working hours with anyone they can be matched with (less than 1 hour in the next two weeks): they will sit out unless their working hours, or those of people they can meet, overlap more.",
    );

    const scope = await findRoundScope(t.db, String(group.id));
    await composeDraft(t.ctx, scope, "2027-03");
    const draft = (await admin.get(`/api/admin/rounds/${group.id}/2027-03/draft`)).json();
    expect(draft.noSharedHours).toEqual(validation.forecast.noSharedHours);

    // Generate then leaves Emi out for that reason, the one the warning counted.
    const answer: GeneratePairingResponse = (
      await admin.post(`/api/admin/generate-pairing/${group.id}`)
    ).json();
    expect(answer.satOut.map((p) => p.userId)).toEqual([people.get("Emi")?.id]);
    expect(answer.satOut[0].reason).toMatch(/shares less than 1 hour of working time/);
  });

  it("warns of nobody when every office shares time with another", async () => {
    const { group } = await companyIn("twocities", [
      ["Ada", "Berlin"],
      ["Ben", "Berlin"],
      ["Cy", "New York"],
      ["Di", "New York"],
    ]);
    const validation: PairingValidationResponse = (
      await admin.get(`/api/admin/pairing-validation?domainGroupId=${group.id}`)
    ).json();
    expect(validation.forecast.matches).toBe(2);
    expect(validation.forecast.noSharedHours).toEqual([]);
  });
});

describe("the place a warning names", () => {
  it("is the office, else the person's zone (the company's without one), written as every zone is", () => {
    expect(placeOf({ office: " Tokyo ", timeZone: "Asia/Tokyo" }, "UTC")).toBe("Tokyo");
    expect(placeOf({ office: null, timeZone: "Asia/Calcutta" }, "UTC")).toBe(
      "India Standard Time (Asia/Kolkata)",
    );
    expect(placeOf({ timeZone: null }, "America/New_York")).toBe("Eastern Time (America/New York)");
    expect(
      noSharedHoursText({
        place: placeOf({ timeZone: "Asia/Tokyo" }, "UTC"),
        people: 2,
        minutes: 30,
      }),
    ).toMatch(/^2 people in Japan Standard Time \(Asia\/Tokyo\) share no working hours/);
  });
});
