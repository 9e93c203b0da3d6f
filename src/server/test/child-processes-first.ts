import { readFileSync } from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * A file that starts child processes or asks for a PostgreSQL server (several apps on one
 * database, the round model, the crash test): the suite's longest files.
 */
const startsProcesses = /startAppProcess|npmStart|startPostgresServer|execFile|spawn\(/;

/**
 * A story whose pages run on its clock. A page such a story leaves can be handed on only to
 * another such story (Playwright's clock cannot be taken out of a page again; `keptPages` in
 * `e2e/support/harness.ts`), so a worker that runs one after the other hands its pages on instead
 * of opening new browser contexts (docs/performance.md, "Fewer new browser contexts").
 */
const pagesOnClock = /pagesOnClock:\s*true/;

/**
 * A project's files in the order given, with those that start child processes moved to the
 * front, then the stories whose pages run on a clock; `text`: a file's source.
 */
export function orderWithinProject<File>(files: File[], text: (file: File) => string): File[] {
  const first = (list: File[], pattern: RegExp) => {
    const matching = list.filter((file) => pattern.test(text(file)));
    return [...matching, ...list.filter((file) => !matching.includes(file))];
  };
  return first(first(files, pagesOnClock), startsProcesses);
}

/**
 * The projects in the configuration's order (the unit files, then the stories: both share one
 * queue of workers, so a story starts as soon as a worker is free of the unit files), and within
 * a project Vitest's order (longest first by the last run's durations, else larger files first)
 * with the files that start child processes moved to the front, then the stories on a clock. On a
 * fresh clone there are no durations, and one of these 10–40 s files starting last kept a worker
 * busy after the others had finished (docs/performance.md, "The test suite").
 */
export class ChildProcessesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const projects = [...new Set(files.map((file) => file.project))].sort(
      (a, b) => a.vitest.projects.indexOf(a) - b.vitest.projects.indexOf(b),
    );
    const source = (file: TestSpecification) => readFileSync(file.moduleId, "utf8");
    return projects.flatMap((project) =>
      orderWithinProject(
        sorted.filter((file) => file.project === project),
        source,
      ),
    );
  }
}
