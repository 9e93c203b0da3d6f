import path from "node:path";
import { Worker } from "node:worker_threads";
import type { Span } from "../../shared/working-time";
import { repoRoot } from "../repo-root";
import { mergeSpans } from "./intervals";

/**
 * The work one person's calendar may take (docs/scheduling.md, "What is refused"): occurrences
 * walked per event and per read (a daily event of twenty years is 7,300), the time spent on one
 * event, and the deadline of the whole read, after which its thread is ended.
 */
export interface ExpansionBudget {
  stepsPerEvent: number;
  stepsPerRead: number;
  msPerEvent: number;
  deadlineMs: number;
}

export const defaultBudget: ExpansionBudget = {
  stepsPerEvent: 20_000,
  stepsPerRead: 100_000,
  msPerEvent: 2_000,
  deadlineMs: 5_000,
};

/** A person's calendar that cannot be read within the budget; the message names no person. */
export class CalendarUnreadable extends Error {}

/** In the source tree in both layouts: beside this file under tsx, read from src/ by dist/. */
const workerFile = path.join(repoRoot, "src", "server", "scheduling", "icalendar-worker.mjs");

/** Threads kept warm: a calendar that takes its whole deadline leaves the other one free. */
const THREADS = 2;

/**
 * The busy time in one person's iCalendar objects (RFC 5545) between `from` and `to`: every
 * occurrence of every event, recurrence rules, exceptions (RECURRENCE-ID) and EXDATEs included,
 * except events that are transparent (TRANSP:TRANSPARENT, "show as free") or cancelled
 * (STATUS:CANCELLED), for the whole series or one occurrence. Times are read in their VTIMEZONE,
 * or as the IANA zone their TZID names when the object carries none; floating times and all-day
 * dates are read in UTC. ical.js runs in a worker thread (icalendar-worker.mjs) so that a rule
 * it walks one second at a time never holds the event loop; it fails with CalendarUnreadable when
 * a rule has no possible date or the budget runs out.
 */
export async function busyFromICalendar(
  texts: readonly string[],
  from: Date,
  to: Date,
  budget: ExpansionBudget = defaultBudget,
): Promise<Span[]> {
  if (texts.length === 0) return [];
  const pairs = await pool.run({ texts, from: from.getTime(), to: to.getTime(), budget });
  return mergeSpans(pairs.map(([start, end]) => ({ start, end })));
}

interface Job {
  texts: readonly string[];
  from: number;
  to: number;
  budget: ExpansionBudget;
}
type Answer = { id: number; spans: [number, number][] } | { id: number; unreadable: string };
interface Waiting {
  job: Job;
  resolve(spans: [number, number][]): void;
  reject(error: Error): void;
}

/** Warm threads taking one job at a time each; a thread past its deadline is ended, not reused. */
function threadPool(size: number) {
  const idle: Worker[] = [];
  const queue: Waiting[] = [];
  let running = 0;
  let nextId = 0;

  /** A new thread once it has loaded ical.js: the deadline counts the work, not the start. */
  const startThread = () =>
    new Promise<Worker>((resolve, reject) => {
      const worker = new Worker(workerFile, { resourceLimits: { maxOldGenerationSizeMb: 256 } });
      worker.unref();
      worker.once("message", () => {
        worker.off("error", reject);
        resolve(worker);
      });
      worker.once("error", reject);
    });
  const dispatch = () => {
    while (queue.length > 0 && running < size) {
      const waiting = queue.shift() as Waiting;
      running++;
      const warm = idle.pop();
      if (warm) runOn(warm, waiting);
      else {
        startThread().then(
          (worker) => runOn(worker, waiting),
          (error: Error) => {
            running--;
            waiting.reject(new CalendarUnreadable(`reading it failed: ${error.message}`));
            dispatch();
          },
        );
      }
    }
  };
  const runOn = (worker: Worker, { job, resolve, reject }: Waiting) => {
    const id = nextId++;
    const finish = (reusable: boolean, settle: () => void) => {
      clearTimeout(timer);
      worker.off("message", onMessage);
      worker.off("error", onError);
      if (reusable) idle.push(worker);
      else void worker.terminate();
      running--;
      settle();
      dispatch();
    };
    const onMessage = (answer: Answer) => {
      if (answer.id !== id) return;
      finish(true, () =>
        "spans" in answer
          ? resolve(answer.spans)
          : reject(new CalendarUnreadable(`it holds ${answer.unreadable}`)),
      );
    };
    const onError = (error: Error) =>
      finish(false, () => reject(new CalendarUnreadable(`reading it failed: ${error.message}`)));
    const timer = setTimeout(
      () =>
        finish(false, () =>
          reject(
            new CalendarUnreadable(`it was not read within ${job.budget.deadlineMs / 1000} s`),
          ),
        ),
      job.budget.deadlineMs,
    );
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.postMessage({ id, ...job });
  };

  return {
    run(job: Job) {
      return new Promise<[number, number][]>((resolve, reject) => {
        queue.push({ job, resolve, reject });
        dispatch();
      });
    },
  };
}

const pool = threadPool(THREADS);
