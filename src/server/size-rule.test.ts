import { describe, expect, it } from "vitest";
import { longFunctionsInSource } from "../../scripts/long-functions";

// The size rule of docs/architecture.md ("Function sizes"), as npm run lint:size applies it.
const lines = (n: number) =>
  Array.from({ length: n }, (_, i) => `  const a${i} = ${i};`).join("\n");
const tests = (count: number, size: number) =>
  Array.from({ length: count }, (_, i) => `  it("t${i}", () => {\n${lines(size)}\n  });`).join(
    "\n",
  );

describe("the function size rule", () => {
  it("counts each test of a describe on its own, not the describe that groups them", () => {
    const grouped = `describe("d", () => {\n${tests(5, 30)}\n});`;
    expect(longFunctionsInSource("x.test.ts", grouped, 120)).toEqual([]);
    const each = `describe.each([1])("d", () => {\n${tests(5, 30)}\n});`;
    expect(longFunctionsInSource("x.test.ts", each, 120)).toEqual([]);
  });

  it("still finds a long test and a long function", () => {
    const longTest = `describe("d", () => {\n${tests(1, 130)}\n});`;
    expect(longFunctionsInSource("x.test.ts", longTest, 120)).toMatchObject([
      { line: 2, lines: 132 },
    ]);
    const longFunction = `function f() {\n${lines(130)}\n}`;
    expect(longFunctionsInSource("x.ts", longFunction, 120)).toMatchObject([
      { name: "f", line: 1 },
    ]);
  });
});
