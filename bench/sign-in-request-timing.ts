/**
 * The code and link requests of `npm run bench:sign-in`: an active account, a deactivated one and
 * a whitelisted address nobody has registered must answer alike and in the same time (docs/sign-in.md
 * "No account-state oracle"). Over a real SMTP peer; each round's order is shuffled and every
 * request uses a fresh address, so the per-address minute never answers instead.
 */
import { sql } from "drizzle-orm";
import { settings } from "../src/server/db/schema";
import { allowEmail, createUser } from "../src/server/test/factories";
import type { TestApp } from "../src/server/test/test-app";

const states = ["active", "deactivated", "never-registered"] as const;
const routes = ["/api/auth/send-code", "/api/auth/magic-link"] as const;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Prints each kind's median and its ratio to the first kind's (the baseline), and the distinct
 * answers; true when a ratio is outside 0.8–1.25 or the answers differ.
 */
export function reportRatios(
  title: string,
  times: Record<string, number[]>,
  answers: Set<string>,
): boolean {
  const kinds = Object.keys(times);
  const width = Math.max(...kinds.map((k) => k.length));
  const base = median(times[kinds[0]]);
  let failed = answers.size !== 1;
  console.log(`${title}, medians:`);
  for (const kind of kinds) {
    const ratio = median(times[kind]) / base;
    if (ratio < 0.8 || ratio > 1.25) failed = true;
    console.log(
      `  ${kind.padEnd(width)} ${median(times[kind]).toFixed(1)} ms  ratio ${ratio.toFixed(2)}`,
    );
  }
  console.log(`distinct answers: ${answers.size} (${[...answers].join(" | ")})`);
  return failed;
}

export async function benchSignInRequests(
  t: TestApp,
  rounds: number,
  options: { nextIp: () => string; settle: () => Promise<void> },
): Promise<boolean> {
  await allowEmail(t.db, "*@request.bench.test");
  // Every request here is for a fresh address: the app-wide bound on mails to never-signed-in
  // addresses (docs/sign-in.md "Limits") would answer instead of the code path being timed.
  const unbounded = { newAddressMailsPerMinute: 1_000_000 };
  await t.db
    .insert(settings)
    .values({ key: "auth", value: unbounded })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: sql`${settings.value} || ${JSON.stringify(unbounded)}::jsonb` },
    });
  let n = 0;
  const address = async (state: (typeof states)[number]) => {
    const email = `${state}${++n}@request.bench.test`;
    if (state !== "never-registered") {
      await createUser(t.db, { email, isActive: state === "active" });
    }
    return email;
  };
  const request = async (route: string, email: string) => {
    const started = performance.now();
    const res = await t.app.inject({
      method: "POST",
      url: route,
      payload: { email },
      remoteAddress: options.nextIp(),
    });
    const ms = performance.now() - started;
    // Mail sent after the answer is not part of it; let it go before the next request.
    await options.settle();
    return { ms, answer: `${res.statusCode} ${res.body}` };
  };
  for (const route of routes) await request(route, await address("active"));

  let failed = false;
  for (const route of routes) {
    const times: Record<string, number[]> = { active: [], deactivated: [], "never-registered": [] };
    const answers = new Set<string>();
    for (let round = 0; round < rounds; round++) {
      const order = [...states].sort(() => Math.random() - 0.5);
      for (const state of order) {
        const { ms, answer } = await request(route, await address(state));
        times[state].push(ms);
        answers.add(answer);
      }
    }
    if (reportRatios(`${route} by account state, ${rounds} rounds`, times, answers)) failed = true;
  }
  return failed;
}
