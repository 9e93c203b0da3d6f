/**
 * Company-scale benchmark: `npm run bench:scale [-- sizes...]` (default 1000 10000; the goals are
 * stated for 10000 100000).
 *
 * For each size N, on a fresh database of one throwaway PostgreSQL server, starts the built app
 * with DEMO=1 DEMO_EMPLOYEES=N (the sample company: N people, six months of completed pairings)
 * and SMTP_URL to a discarding SMTP server on 127.0.0.1 (bench/smtp-sink.cjs, its own process),
 * and reports: the start with seeding; signed in as the admin, the generate of the company's one
 * domain group (its seeded pairing of the month removed first; median of 3: the pairing each run
 * made is removed before the next); the median and range of 9 calls to each admin read (users page,
 * enhanced metrics, pairing validation, current pairings), with every size's app running and the sizes taking turns call
 * by call; a newsletter send to every recipient of the month's pairing
 * through the app's real path (generate, approve, send, poll the status once a second as the
 * admin's page does, until sent) against raw pooled nodemailer sending as many messages to the
 * same sink right before and right after it (ratio of throughputs to the raw sends' mean);
 * then the e-mail log reads (the list, and one log's details: its first page of entries, and its
 * failed entries); and the server's peak RSS (VmHWM in /proc). `--users-only` measures seeding and
 * the users list's reads (its filters and search) only; `--no-send` leaves out the newsletter send and
 * the e-mail log reads. Prints the sizes side by side with
 * the ratio last/first and PASS/FAIL per goal (docs/performance.md, "Company scale"); exit code 1
 * when a goal fails. Traffic goes only to 127.0.0.1 and the database's Unix socket.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { buildServer, serverBuildIsStale } from "../scripts/build-server.mjs";
import { createServerDatabase, startPostgresServer } from "../src/server/test/postgres-server";
import type { EmailLog } from "../src/shared/newsletters";
import { sendNewsletterThroughApp } from "./support/app-newsletter-send";
import { type AppProcess, getJson, post, signInAdmin, startApp } from "./support/app-process";
import { report, type SizeResult } from "./support/scale-report";
import { rawNodemailerSend, type SmtpSink, startSink } from "./support/smtp-sink-process";

const args = process.argv.slice(2);
/**
 * `--users-only`: seeding and the users list's reads (its filters and search) only: no generate,
 * no other list, send or log read.
 */
const usersOnly = args.includes("--users-only");
/**
 * `--no-send`: everything but the newsletter send and the e-mail log reads, which at 100,000 take
 * most of the run: seeding, generate and the admin's reads.
 */
const noSend = args.includes("--no-send");
const sizes = args.map(Number).filter((n) => n > 0);
const plan = sizes.length ? sizes : [1_000, 10_000];
const ADMIN = { email: "scale-admin@acme.example", password: "a long scale admin password" };
const POOL_SIZE = 5;
const usersLists = [
  "/api/admin/users?limit=50",
  "/api/admin/users?limit=50&q=ann",
  "/api/admin/users?limit=50&status=paused",
  "/api/admin/users?limit=50&account=deactivated",
  "/api/admin/users?limit=50&preference=same-department",
  "/api/admin/users?limit=50&groupSize=3",
  "/api/admin/users?limit=50&satOut=yes",
  "/api/admin/users?limit=50&noMatch=yes",
  "/api/admin/users?limit=50&noMatch=yes&status=active",
  "/api/admin/users?limit=50&signup=pending",
  "/api/admin/users?limit=50&preference=cross-department&status=active&q=son",
];
const lists = usersOnly
  ? usersLists
  : [
      ...usersLists,
      "/api/admin/enhanced-metrics",
      "/api/admin/pairing-validation",
      "/api/admin/current-pairings?limit=50",
    ];
const LOG_LIST = "/api/admin/email-logs";
const LOG_DETAILS = "/api/admin/email-logs/{id}/entries";
const LOG_FAILED = "/api/admin/email-logs/{id}/entries?filter=failed";
const readUrls = usersOnly || noSend ? lists : [...lists, LOG_LIST, LOG_DETAILS, LOG_FAILED];

async function timed(url: string, cookie: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${response.url}: ${response.status}`);
  return performance.now() - started;
}

/**
 * A warm-up call, then 9 timed calls of each path (`{id}` filled in from `ids`) on every size,
 * the sizes taking turns call by call: a slower spell of the shared machine then weighs on every
 * size alike instead of on whichever size it happened to fall in.
 */
async function readTimesSideBySide(runs: Running[], paths: string[], ids: number[] = []) {
  const times = runs.map(() => ({}) as Record<string, number[]>);
  for (const p of paths) {
    const urls = runs.map((run, r) => `${run.app.url}${p.replace("{id}", String(ids[r] ?? 0))}`);
    for (const [r, url] of urls.entries()) {
      await timed(url, runs[r].cookie);
      times[r][p] = [];
    }
    for (let i = 0; i < 9; i++) {
      for (const [r, url] of urls.entries()) times[r][p].push(await timed(url, runs[r].cookie));
    }
  }
  return times;
}

/**
 * Removes a running pairing in SQL (its matches and their members go by cascade), which frees its
 * month for the next generate as the admin's delete does. The delete through the API also tells
 * every member their match is off, queueing an e-mail per person in one transaction: at 100,000
 * people that outlasts the bench's wait and then sends 100,000 mails beside the measurements, and
 * it is not what this benchmark measures.
 */
async function removePairing(databaseUrl: string, pairingId: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const removed = await client.query("delete from pairings where id = $1", [pairingId]);
    if (removed.rowCount !== 1) throw new Error(`pairing ${pairingId} was not there to remove`);
  } finally {
    await client.end();
  }
}

/** A size's app with the admin signed in, and its database. */
type Signed = Pick<Running, "app" | "cookie" | "database">;

/**
 * The sample company's people are all in one domain group, whose pairing of this month the demo
 * already runs: that pairing is removed, and the URL that generates for the group is answered.
 */
async function freeTheSampleGroup(run: Signed): Promise<string> {
  const current = await getJson<{ pairings: { id: number; domainGroupId: number | null }[] }>(
    `${run.app.url}/api/admin/current-pairings?limit=1`,
    run.cookie,
  );
  for (const { id } of current.pairings) await removePairing(run.database.url, id);
  const groupId = current.pairings[0]?.domainGroupId;
  return `${run.app.url}/api/admin/generate-pairing${groupId ? `/${groupId}` : ""}`;
}

async function generateTimes(run: Signed, url: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const response = await post(url, {}, run.cookie);
    const body = (await response.json()) as { pairing?: { id: number }; pairingId?: number };
    times.push(performance.now() - started);
    if (!response.ok) throw new Error(`generate: ${response.status} ${JSON.stringify(body)}`);
    await removePairing(run.database.url, Number(body.pairing?.id ?? body.pairingId));
  }
  return times;
}

/** The largest resident set the process has had (Linux's VmHWM), in bytes; 0 elsewhere. */
function peakRss(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** One size's app on its seeded database, signed in, with one company-wide pairing running. */
interface Running {
  n: number;
  app: AppProcess;
  cookie: string;
  database: Awaited<ReturnType<typeof createServerDatabase>>;
  dataDir: string;
  startMs: number;
  generate: number[];
  pairingId: number;
  loadAtStart: number;
}

async function startSize(serverUrl: string, n: number, sink: SmtpSink): Promise<Running> {
  const loadAtStart = loadavg()[0];
  const database = await createServerDatabase(serverUrl);
  const dataDir = mkdtempSync(path.join(tmpdir(), "coj-scale-"));
  const started = performance.now();
  const app = await startApp(
    {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      DEMO: "1",
      DEMO_EMPLOYEES: String(n),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: sink.url,
      SMTP_POOL_SIZE: String(POOL_SIZE),
    },
    [],
    15 * 60_000,
  );
  const startMs = performance.now() - started;
  const run = { n, app, cookie: "", database, dataDir, startMs, generate: [], pairingId: 0 };
  try {
    run.cookie = await signInAdmin(app, ADMIN.email, ADMIN.password);
    if (usersOnly) return { ...run, loadAtStart };
    const generateUrl = await freeTheSampleGroup(run);
    const generate = await generateTimes(run, generateUrl);
    // Leave one active pairing: current pairings shows it, and the newsletter goes to its people.
    const kept = (await (await post(generateUrl, {}, run.cookie)).json()) as {
      pairing?: { id: number };
      pairingId?: number;
    };
    const pairingId = Number(kept.pairing?.id ?? kept.pairingId);
    return { ...run, generate, pairingId, loadAtStart };
  } catch (error) {
    await stopSize({ ...run, loadAtStart });
    throw error;
  }
}

/**
 * The month's newsletter through the app between two raw nodemailer sends (one message per
 * employee before it, as many as the newsletter's after it); the reference is the raw sends'
 * mean rate, so a change in the machine's speed during the send shows as a gap between them
 * rather than skewing the ratio (as in bench:newsletter). `rawMs`: the newsletter's count at
 * that rate.
 */
async function sendSideBySide(run: Running, sink: SmtpSink) {
  const before = await sink.count();
  const rawBefore = await rawNodemailerSend(sink.url, run.n, POOL_SIZE);
  const newsletter = await sendNewsletterThroughApp(run.app, run.cookie, run.pairingId);
  const rawAfter = await rawNodemailerSend(sink.url, newsletter.total, POOL_SIZE);
  const rawRates = {
    before: (run.n * 1000) / rawBefore,
    after: (newsletter.total * 1000) / rawAfter,
  };
  const rawRate = (rawRates.before + rawRates.after) / 2000;
  const received = {
    got: (await sink.count()) - before,
    expected: run.n + 2 * newsletter.total,
  };
  return { newsletter, rawMs: newsletter.total / rawRate, rawRates, received };
}

async function stopSize(run: Running) {
  await run.app.stop();
  await run.database.close();
  rmSync(run.dataDir, { recursive: true, force: true });
}

/** Every size seeded and running at once, so that their reads can take turns. */
async function measureSizes(serverUrl: string, sink: SmtpSink): Promise<SizeResult[]> {
  const runs: Running[] = [];
  try {
    for (const n of plan) {
      console.log(`N = ${n}: seeding…`);
      runs.push(await startSize(serverUrl, n, sink));
    }
    console.log("reading every size in turn…");
    const reads = await readTimesSideBySide(runs, lists);
    if (usersOnly || noSend) {
      return runs.map((run, r) => ({
        n: run.n,
        startMs: run.startMs,
        generate: run.generate,
        reads: reads[r],
        peakRssBytes: peakRss(run.app.child.pid),
        load: [run.loadAtStart, loadavg()[0]],
      }));
    }
    const sends: Array<Awaited<ReturnType<typeof sendSideBySide>>> = [];
    for (const run of runs) {
      console.log(`N = ${run.n}: sending…`);
      sends.push(await sendSideBySide(run, sink));
    }
    const logIds: number[] = [];
    for (const run of runs) {
      logIds.push((await getJson<EmailLog[]>(`${run.app.url}${LOG_LIST}`, run.cookie))[0].id);
    }
    const logReads = await readTimesSideBySide(runs, [LOG_LIST, LOG_DETAILS, LOG_FAILED], logIds);
    return runs.map((run, r) => ({
      n: run.n,
      startMs: run.startMs,
      generate: run.generate,
      reads: { ...reads[r], ...logReads[r] },
      ...sends[r],
      peakRssBytes: peakRss(run.app.child.pid),
      load: [run.loadAtStart, loadavg()[0]],
    }));
  } finally {
    for (const run of runs) await stopSize(run);
  }
}

async function main() {
  if (serverBuildIsStale()) await buildServer();
  const sink = await startSink();
  const server = await startPostgresServer();
  try {
    if (!report(await measureSizes(server.url, sink), readUrls)) process.exitCode = 1;
  } finally {
    await server.close();
    sink.close();
  }
}

await main();
