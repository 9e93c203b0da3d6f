import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Tests that can fail (README.md, "Tests"): no test file swallows an error it then asserts
// around, and none asserts only that an id is there when the test knows which id it must be.
const root = path.resolve(import.meta.dirname, "..");
const thisFile = path.relative(root, import.meta.filename);

const rules: Array<{ name: string; pattern: RegExp }> = [
  {
    name: "an error swallowed: assert the rejection (`await expect(p).rejects.toThrow(…)`)",
    pattern: /\.catch\(\s*\(\s*\w*\s*\)\s*=>\s*(?:\{\s*\}|undefined|null|void 0)\s*\)/,
  },
  {
    name: "an id asserted present only: assert the id it must be",
    pattern: /expect\(\s*(?:[\w$]+[?!]?\.)*(?:id|\w+Id)\s*\)\s*\.(?:toBeDefined|toBeTruthy)\(\)/,
  },
];

/** The unit and integration tests under src/ and the browser stories under e2e/. */
function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : testFiles(full);
    return /\.(?:test\.tsx?|e2e\.ts)$/.test(entry.name) ? [path.relative(root, full)] : [];
  });
}

const files = ["src", "e2e"].flatMap((dir) => testFiles(path.join(root, dir)));

describe("the test files", () => {
  it("neither swallow an error nor assert an id's presence alone", () => {
    const offenders = files
      .filter((file) => file !== thisFile)
      .flatMap((file) =>
        readFileSync(path.join(root, file), "utf8")
          .split("\n")
          .flatMap((line, i) =>
            rules
              .filter((rule) => rule.pattern.test(line))
              .map((rule) => `${file}:${i + 1}: ${rule.name}: ${line.trim()}`),
          ),
      );
    expect(offenders).toEqual([]);
  });

  it("are found, stories included", () => {
    expect(files.filter((file) => file.endsWith(".e2e.ts")).length).toBeGreaterThan(30);
    expect(files.filter((file) => file.startsWith("src/")).length).toBeGreaterThan(150);
  });

  it("are held to rules that catch what they name, and only that", () => {
    const caught = (line: string) => rules.filter((rule) => rule.pattern.test(line)).length;
    for (const line of [
      // Written in two parts so that the rule's own scan of this file does not find it.
      `  .catch(${"() => {}"});`,
      "await close().catch(() => undefined);",
      "p.catch((_error) => null)",
      "expect(sam.id).toBeDefined();",
      "expect(created?.id).toBeTruthy();",
      "expect(pairingId).toBeDefined();",
    ]) {
      expect(caught(line), line).toBe(1);
    }
    for (const line of [
      'await expect(run()).rejects.toThrow("undo");',
      ".catch((error: Error) => log(error.message))",
      "expect(sam.id).toBe(ada.partnerId);",
      'expect(res.headers["retry-after"]).toBeDefined();',
      "expect(valid).toBeTruthy();",
    ]) {
      expect(caught(line), line).toBe(0);
    }
  });
});
