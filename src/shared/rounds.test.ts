import { describe, expect, it } from "vitest";
import { type RoundSettingsForm, roundSettingsFormSchema, roundSettingsSchema } from "./rounds";

const form = (fields: Partial<RoundSettingsForm>): RoundSettingsForm => ({
  auto: true,
  reviewDays: 3,
  checkInDays: 7,
  scheduleKind: "company",
  nth: 1,
  weekday: 1,
  date: "",
  ...fields,
});

describe("the round settings form", () => {
  it("sends every kind of schedule the server takes", () => {
    const sent = [
      form({ scheduleKind: "company" }),
      form({ scheduleKind: "nth-weekday", nth: 3, weekday: 3 }),
      form({ scheduleKind: "fixed", date: "2027-03-10" }),
    ].map((values) => roundSettingsFormSchema.parse(values));
    expect(sent.map((s) => s.schedule)).toEqual([
      null,
      { type: "nth-weekday", nth: 3, weekday: 3 },
      { type: "fixed", date: "2027-03-10" },
    ]);
    for (const body of sent) expect(roundSettingsSchema.parse(body)).toEqual(body);
  });

  it("asks for a date only when the schedule is a fixed date", () => {
    const missing = roundSettingsFormSchema.safeParse(form({ scheduleKind: "fixed", date: "" }));
    expect(missing.error?.issues).toMatchObject([
      { path: ["date"], message: "Choose the pairing date." },
    ]);
    const bad = roundSettingsFormSchema.safeParse(
      form({ scheduleKind: "fixed", date: "2027-02-30" }),
    );
    expect(bad.success).toBe(false);
    expect(roundSettingsFormSchema.safeParse(form({ date: "junk" })).success).toBe(true);
  });
});
