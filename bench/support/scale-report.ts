/** Figures of one company size in bench/scale.bench.ts. */
export interface SizeResult {
  n: number;
  startMs: number;
  generate: number[];
  reads: Record<string, number[]>;
  peakRssBytes: number;
  load: [number, number];
}

/** The newsletter's figures of one size (absent with `--users-only`). */
export interface SendResult {
  newsletter: { total: number; ms: number; sent: number; failed: number };
  /** Wall-clock ms of raw nodemailer for the newsletter's count at the mean rate of its two sends. */
  rawMs: number;
  /** The raw sends' rates in messages per second, right before and right after the newsletter. */
  rawRates: { before: number; after: number };
  received: { got: number; expected: number };
}

export const GOALS = {
  seedMs: 5 * 60_000,
  generateMs: 10_000,
  readMs: 250,
  readGrowth: 10,
  /** The admin's users list, its filters and its search: flat (keyset paging, no scan per page). */
  usersReadMs: 100,
  usersReadGrowth: 3,
  sendRatio: 0.5,
  rssBytes: 1.5 * 1024 ** 3,
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x: number) => `${Math.round(x).toLocaleString("en")} ms`;
const spread = (xs: number[]) =>
  `${ms(median(xs))} (${ms(Math.min(...xs))}–${ms(Math.max(...xs))})`;
/** Throughput of the send over that of raw nodemailer for the same count: their time inverted. */
const sendRatio = (r: SendResult) => r.rawMs / r.newsletter.ms;
const sent = (results: Array<SizeResult & Partial<SendResult>>): Array<SizeResult & SendResult> =>
  results.every((r) => r.newsletter) ? (results as Array<SizeResult & SendResult>) : [];
const rate = (count: number, msTaken: number) => `${Math.round((count * 1000) / msTaken)} msg/s`;

/**
 * Prints each figure per size side by side with the ratio last/first, then every goal with
 * PASS or FAIL; returns whether all passed.
 */
export function report(
  results: Array<SizeResult & Partial<SendResult>>,
  readUrls: string[],
): boolean {
  const first = results[0];
  const last = results[results.length - 1];
  const cell = (s: string) => s.padEnd(30);
  const row = (label: string, values: string[], ratio = "") =>
    console.log(`${label.padEnd(56)} ${values.map(cell).join(" ")} ${ratio}`);
  const ratioOf = (pick: (r: SizeResult) => number) => `×${(pick(last) / pick(first)).toFixed(1)}`;

  console.log(`\nPostgreSQL; medians (range); last column: N = ${last.n} / N = ${first.n}`);
  row(
    "",
    results.map((r) => `N = ${r.n.toLocaleString("en")}`),
  );
  row(
    "load average (1 min) at start / end",
    results.map((r) => `${r.load[0].toFixed(1)} / ${r.load[1].toFixed(1)}`),
  );
  row(
    "start with seeding",
    results.map((r) => ms(r.startMs)),
    ratioOf((r) => r.startMs),
  );
  if (results.every((r) => r.generate.length)) {
    row(
      "POST generate-pairing (the sample company's group)",
      results.map((r) => spread(r.generate)),
      ratioOf((r) => median(r.generate)),
    );
  }
  for (const url of readUrls) {
    row(
      `GET ${url}`,
      results.map((r) => spread(r.reads[url])),
      ratioOf((r) => median(r.reads[url])),
    );
  }
  const sends = sent(results);
  if (sends.length) {
    row(
      "newsletter send through the app",
      sends.map((r) => `${r.newsletter.total}: ${rate(r.newsletter.total, r.newsletter.ms)}`),
    );
    row(
      "raw nodemailer, same sink: mean (before, after)",
      sends.map(
        (r) =>
          `${rate(r.newsletter.total, r.rawMs)} (${Math.round(r.rawRates.before)}, ${Math.round(r.rawRates.after)})`,
      ),
    );
    row(
      "newsletter / raw",
      sends.map((r) => `${(sendRatio(r) * 100).toFixed(1)}%`),
    );
  }
  row(
    "server peak RSS (VmHWM)",
    results.map((r) => `${Math.round(r.peakRssBytes / 1024 ** 2)} MB`),
    ratioOf((r) => r.peakRssBytes),
  );
  return checkGoals(results, readUrls);
}

const isUsersList = (url: string) => url.startsWith("/api/admin/users?");

function checkGoals(results: Array<SizeResult & Partial<SendResult>>, readUrls: string[]): boolean {
  const first = results[0];
  const last = results[results.length - 1];
  const checks: Array<[string, boolean]> = [];
  for (const r of results) {
    const at = `N = ${r.n}`;
    checks.push([`${at}: seeding ≤ 5 min`, r.startMs <= GOALS.seedMs]);
    if (r.generate.length) {
      checks.push([`${at}: generate median ≤ 10 s`, median(r.generate) <= GOALS.generateMs]);
    }
    for (const url of readUrls) {
      const goal = isUsersList(url) ? GOALS.usersReadMs : GOALS.readMs;
      checks.push([`${at}: ${url} median ≤ ${goal} ms`, median(r.reads[url]) <= goal]);
    }
    if (r.newsletter && r.rawMs !== undefined && r.received) {
      const send = r as SizeResult & SendResult;
      checks.push([
        `${at}: newsletter ≥ 50% of raw nodemailer`,
        sendRatio(send) >= GOALS.sendRatio,
      ]);
      checks.push([
        `${at}: every message delivered (${send.newsletter.sent} sent, ${send.newsletter.failed} failed, sink ${send.received.got}/${send.received.expected})`,
        send.newsletter.sent === send.newsletter.total &&
          send.received.got === send.received.expected,
      ]);
    }
    checks.push([`${at}: server peak RSS ≤ 1.5 GB`, r.peakRssBytes <= GOALS.rssBytes]);
  }
  if (results.length > 1) {
    for (const url of readUrls) {
      const growth = median(last.reads[url]) / median(first.reads[url]);
      const most = isUsersList(url) ? GOALS.usersReadGrowth : GOALS.readGrowth;
      checks.push([`${url} grows ≤ ${most}× from ${first.n} to ${last.n}`, growth <= most]);
    }
  }
  console.log("\nGoals:");
  for (const [goal, ok] of checks) console.log(`  ${ok ? "PASS" : "FAIL"}  ${goal}`);
  return checks.every(([, ok]) => ok);
}
