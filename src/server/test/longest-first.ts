import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { ownBudgetSeconds } from "./test-budgets";

/** A file that starts child processes or asks for a PostgreSQL server: long, whatever its size. */
const startsProcesses = /startAppProcess|npmStart|startPostgresServer|execFile|spawn\(/;
/** What such a file is guessed to take when neither a last run nor a budget says (ms). */
const PROCESS_FILE_GUESS_MS = 20_000;

/**
 * Longest files first, within each project (the unit files, then the stories): a long file that
 * starts last keeps one worker busy while the others have finished. The length is the last run's
 * duration where Vitest kept one, else the file's budget in `test-budgets.json` (a fresh clone
 * has no last run), else a guess for files that start processes; the rest by size, larger first
 * (docs/performance.md, "The test suite").
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const expected = new Map(files.map((file) => [file, this.expectedMs(file)]));
    const size = (file: TestSpecification) => statSync(file.moduleId).size;
    return [...files].sort((a, b) => {
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (group !== 0) return group;
      if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
      const longer = (expected.get(b) ?? 0) - (expected.get(a) ?? 0);
      return longer !== 0 ? longer : size(b) - size(a);
    });
  }

  private expectedMs(file: TestSpecification): number {
    const key = `${file.project.name}:${path.relative(this.ctx.config.root, file.moduleId)}`;
    const last = this.ctx.cache.getFileTestResults(key);
    if (last && !last.failed) return last.duration;
    const budget = ownBudgetSeconds(file.moduleId);
    if (budget !== undefined) return budget * 1000;
    return startsProcesses.test(readFileSync(file.moduleId, "utf8")) ? PROCESS_FILE_GUESS_MS : 0;
  }
}
