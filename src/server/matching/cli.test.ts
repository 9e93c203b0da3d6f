import { spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { build, buildIsStale } from "../../../scripts/build-server.mjs";
import type { MatchingInstance, MatchingResult } from "./types";
import { validateResult } from "./validate-result";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the command with `input` on standard input: a pipe, or a file as `< instance.json` gives. */
function runCli(input: string, from: "pipe" | "file" = "pipe"): Promise<Run> {
  let file: number | null = null;
  if (from === "file") {
    // Opened, then removed: the open file stays readable until the command has read it.
    const folder = mkdtempSync(path.join(tmpdir(), "coj-match-cli-"));
    writeFileSync(path.join(folder, "instance.json"), input);
    file = openSync(path.join(folder, "instance.json"), "r");
    rmSync(folder, { recursive: true, force: true });
  }
  return new Promise((resolve, reject) => {
    // `npm run match` without npm (whose own notices would reach stderr): plain Node, no loader.
    const child = spawn(process.execPath, ["scripts/run.mjs", "match"], {
      cwd: root,
      env: { ...process.env, NODE_OPTIONS: "" },
      stdio: [file ?? "pipe", "pipe", "pipe"],
    });
    if (file !== null) closeSync(file);
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (chunk) => (stdout += chunk));
    child.stderr?.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin?.end(input);
  });
}

const good: MatchingInstance = {
  month: "2027-03",
  repeatWindowMonths: 3,
  seed: 12345,
  oddPolicy: "sit-out",
  users: [
    { id: "u1", department: "engineering", preference: "any" },
    { id: "u2", department: "sales", preference: "cross-department", lastSatOut: true },
    { id: "u3", department: "sales", preference: "same-department" },
    { id: "u4", department: "sales", preference: "any" },
    { id: "u5", department: "legal", preference: "cross-department" },
  ],
  history: [
    { users: ["u1", "u2"], month: "2027-01" },
    { users: ["u3", "u4", "u5"], month: "2026-12" },
  ],
};

const malformed: Record<string, string> = {
  "bad JSON": '{"month": "2027-03", "users": [',
  "unknown preference": JSON.stringify({
    ...good,
    users: [...good.users, { id: "u6", department: "x", preference: "sometimes" }],
  }),
  "duplicate user id": JSON.stringify({ ...good, users: [...good.users, good.users[0]] }),
  "unknown id in history": JSON.stringify({
    ...good,
    history: [{ users: ["u1", "nobody"], month: "2027-01" }],
  }),
  "duplicate id in a history group": JSON.stringify({
    ...good,
    history: [{ users: ["u1", "u1"], month: "2027-01" }],
  }),
  "bad month": JSON.stringify({ ...good, month: "March 2027" }),
  "empty input": "",
};

const runs = new Map<string, Run>();

beforeAll(async () => {
  // Built once here, so that the parallel runs below neither build nor print the build's note.
  if (buildIsStale("match")) await build(["match"]);
  const { seed: _seed, ...unseeded } = good;
  const inputs: [string, string][] = [
    ["good", JSON.stringify(good)],
    ["unseeded", JSON.stringify(unseeded)],
    ...Object.entries(malformed),
  ];
  const results = await Promise.all(inputs.map(([, input]) => runCli(input)));
  for (const [i, [name]] of inputs.entries()) runs.set(name, results[i]);
  runs.set("good from a file", await runCli(JSON.stringify(good), "file"));
}, 60_000);

describe("match CLI", () => {
  it("writes one valid result for a good instance and exits 0", () => {
    const run = runs.get("good")!;
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    const result = JSON.parse(run.stdout) as MatchingResult;
    expect(validateResult(good, result)).toEqual([]);
    expect(result.seed).toBe(12345);
    expect(result.stats.placed + result.unmatched.length).toBe(good.users.length);
  });

  it("reads a redirected file as it reads a pipe", () => {
    const run = runs.get("good from a file")!;
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    const result = (text: string) => ({ ...JSON.parse(text), stats: undefined });
    expect(result(run.stdout)).toEqual(result(runs.get("good")!.stdout));
  });

  it("reports the seed it drew when the instance has none", () => {
    const run = runs.get("unseeded")!;
    expect(run.code).toBe(0);
    expect(Number.isSafeInteger((JSON.parse(run.stdout) as MatchingResult).seed)).toBe(true);
  });

  it.each(Object.keys(malformed))("rejects %s with exit code 1 and one line on stderr", (name) => {
    const run = runs.get(name)!;
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    const lines = run.stderr.split("\n").filter((line) => line !== "");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^match: invalid (instance|JSON)/);
    expect(lines[0]).not.toMatch(/\bat .*\.ts:\d+/);
  });
});
