import { readFileSync } from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * A file that starts child processes or asks for a PostgreSQL server (several apps on one
 * database, the round model, the crash test): the suite's longest files.
 */
const startsProcesses = /startAppProcess|npmStart|startPostgresServer|execFile|spawn\(/;

/**
 * The projects in the configuration's order (the unit files, then the stories: both share one
 * queue of workers, so a story starts as soon as a worker is free of the unit files), and within
 * a project Vitest's order (longest first by the last run's durations, else larger files first)
 * with the files that start child processes moved to the front. On a fresh clone there are no
 * durations, and one of these 10–40 s files starting last kept a worker busy after the others had
 * finished (docs/performance.md, "The test suite").
 */
export class ChildProcessesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const projects = [...new Set(files.map((file) => file.project))].sort(
      (a, b) => a.vitest.projects.indexOf(a) - b.vitest.projects.indexOf(b),
    );
    return projects.flatMap((project) => {
      const own = sorted.filter((file) => file.project === project);
      const slow = own.filter((file) => startsProcesses.test(readFileSync(file.moduleId, "utf8")));
      return [...slow, ...own.filter((file) => !slow.includes(file))];
    });
  }
}
