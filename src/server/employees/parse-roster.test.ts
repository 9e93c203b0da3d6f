import { describe, expect, it } from "vitest";
import { ROSTER_MAX_ROWS } from "../../shared/employees";
import { parseRoster } from "./parse-roster";

const header = "email,employeeStatus";

describe("the limits of a roster CSV", () => {
  it("stops reading at twice the rows it accepts, blank lines included", () => {
    const blanks = `${header}\nana@acme.test,active\n${"\n".repeat(1_000_000)}`;
    expect(() => parseRoster(blanks)).toThrow(
      `The roster CSV has more than ${2 * ROSTER_MAX_ROWS + 1} lines`,
    );
    const fewBlanks = `${header}\nana@acme.test,active\n${"\n".repeat(100)}`;
    expect(parseRoster(fewBlanks).rows).toHaveLength(1);
  });

  it("refuses a header with more columns than a roster has, without naming each of them", () => {
    const wide = `${header},${Array.from({ length: 100_000 }, (_, i) => `c${i}`).join(",")}\n`;
    let message = "";
    try {
      parseRoster(`${wide}ana@acme.test,active\n`);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^The header row has 100002 columns; a roster has at most \d+: email/);
    expect(message.length).toBeLessThan(500);
  });
});
