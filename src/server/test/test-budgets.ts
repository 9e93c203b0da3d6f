import { readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "../repo-root";

/**
 * `test-budgets.json`: the seconds a test file may take in a whole `npm test` on two cores before
 * the run's time report flags it (never fails it), per file where it is slow on purpose, else the
 * project's default. The budgets also order a fresh clone's files, longest first
 * (docs/performance.md, "The test suite").
 */
interface Budgets {
  defaults: Record<string, number>;
  files: Record<string, number>;
}

let loaded: Budgets | undefined;

function budgets(): Budgets {
  loaded ??= JSON.parse(readFileSync(path.join(repoRoot, "test-budgets.json"), "utf8")) as Budgets;
  return loaded;
}

/** A file's path as the budgets name it: relative to the repository, with forward slashes. */
export const budgetKey = (moduleId: string) =>
  path.relative(repoRoot, moduleId).split(path.sep).join("/");

/** The file's budget, or its project's default. */
export const budgetSeconds = (project: string, moduleId: string): number =>
  budgets().files[budgetKey(moduleId)] ?? budgets().defaults[project] ?? Number.POSITIVE_INFINITY;
