/**
 * Sign-in timing: `npm run bench:sign-in [-- rounds]` (default 15). Two parts: password sign-in
 * refusals (below), then code and link requests by account state (sign-in-request-timing.ts).
 *
 * A refused password sign-in must not tell an attacker why it was refused (docs/sign-in.md
 * "Limits"). In one process, on the real app and database, it alternates over several rounds
 * (order shuffled each round) between four refused attempts:
 *   - baseline: a wrong password for an admin;
 *   - unknown:  an address with no account;
 *   - employee: an employee's address with their own password (employees have no admin sign-in);
 *   - throttled: the right password for an admin inside the address's throttle delay;
 *   - ip-throttled: the right password for an admin from an IP inside its throttle delay.
 * It reports each median and its ratio to the baseline, and checks that every answer has the
 * same status and body. Exit code 1 when an answer differs or a ratio is outside 0.8–1.25, in
 * either part.
 */
import { fixedClock } from "../src/server/clock";
import { createAdmin, createUser } from "../src/server/test/factories";
import { startSmtpPeer } from "../src/server/test/smtp-peer";
import { createTestApp } from "../src/server/test/test-app";
import { benchSignInRequests, reportRatios } from "./sign-in-request-timing";

const rounds = Number(process.argv[2]) > 0 ? Number(process.argv[2]) : 15;
const PASSWORD = "correct-horse-battery";

const peer = await startSmtpPeer();
const t = await createTestApp({ clock: fixedClock("2027-03-01T10:00:00Z"), smtpUrl: peer.url });
let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};
async function attempt(email: string, password: string, ip = nextIp()) {
  const started = performance.now();
  const res = await t.app.inject({
    method: "POST",
    url: "/api/signin",
    payload: { email, password },
    remoteAddress: ip,
  });
  return { ms: performance.now() - started, answer: `${res.statusCode} ${res.body}` };
}

try {
  const throttled = await createAdmin(t.db, { email: "throttled@bench.test", password: PASSWORD });
  for (let i = 0; i < 6; i++) await attempt(throttled.email, `wrong-${i}`);
  const attackerIp = "10.8.0.1";
  for (let i = 0; i < 11; i++) await attempt(`guess${i}@bench.test`, "x", attackerIp);
  // Warm up the password hash and the statements.
  await attempt("warm@bench.test", PASSWORD);

  const kinds = ["baseline", "unknown", "employee", "throttled", "ip-throttled"] as const;
  const times: Record<(typeof kinds)[number], number[]> = {
    baseline: [],
    unknown: [],
    employee: [],
    throttled: [],
    "ip-throttled": [],
  };
  const answers = new Set<string>();
  for (let round = 0; round < rounds; round++) {
    const admin = await createAdmin(t.db, {
      email: `admin${round}@bench.test`,
      password: PASSWORD,
    });
    const employee = await createUser(t.db, {
      email: `emp${round}@bench.test`,
      password: PASSWORD,
    });
    const runs = {
      baseline: () => attempt(admin.email, "not-the-password"),
      unknown: () => attempt(`nobody${round}@bench.test`, PASSWORD),
      employee: () => attempt(employee.email, PASSWORD),
      throttled: () => attempt(throttled.email, PASSWORD),
      "ip-throttled": () => attempt(admin.email, PASSWORD, attackerIp),
    };
    const order = [...kinds].sort(() => Math.random() - 0.5);
    for (const kind of order) {
      const { ms, answer } = await runs[kind]();
      times[kind].push(ms);
      answers.add(answer);
    }
  }

  const failed = reportRatios(`password sign-in refusals, ${rounds} rounds`, times, answers);
  const requestsFailed = await benchSignInRequests(t, rounds, {
    nextIp,
    settle: () => t.urgentDelivery.settled(),
  });
  process.exitCode = failed || requestsFailed ? 1 : 0;
} finally {
  await t.close();
  await peer.close();
}
