import { describe, expect, it } from "vitest";
import {
  SAMPLE_DASHBOARD_MAX_EMPLOYEES,
  SAMPLE_EMPLOYEES,
  SAMPLE_EMPLOYEES_MAX,
  sampleDashboardSize,
} from "./sample-size";

describe("the size /admin-demo shows", () => {
  it("is the size the demo server seeded", () => {
    expect(sampleDashboardSize("200")).toEqual({ seeded: 200, shown: 200 });
    expect(sampleDashboardSize("2")).toEqual({ seeded: 2, shown: 2 });
  });

  it("is the default size where no demo server said, or said something DEMO_EMPLOYEES refuses", () => {
    const byDefault = { seeded: SAMPLE_EMPLOYEES, shown: SAMPLE_EMPLOYEES };
    for (const said of [
      null,
      undefined,
      "",
      " ",
      "1",
      "12.5",
      "ten",
      String(SAMPLE_EMPLOYEES_MAX + 1),
    ]) {
      expect(sampleDashboardSize(said), String(said)).toEqual(byDefault);
    }
  });

  it("is at most what the browser works out, the seeded size still known", () => {
    expect(sampleDashboardSize(String(SAMPLE_EMPLOYEES_MAX))).toEqual({
      seeded: SAMPLE_EMPLOYEES_MAX,
      shown: SAMPLE_DASHBOARD_MAX_EMPLOYEES,
    });
  });
});
