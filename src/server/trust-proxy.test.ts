import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ipLimits } from "./auth/auth-settings";
import { loadConfig } from "./config";
import { createTestApp, type TestApp } from "./test/test-app";
import { parseTrustProxy } from "./trust-proxy";

const BALANCER = "10.1.2.3";
const budget = ipLimits.setupPerIp.max;
let direct: TestApp;
let behindBalancer: TestApp;

beforeAll(async () => {
  direct = await createTestApp();
  behindBalancer = await createTestApp({
    database: direct.database,
    env: { TRUST_PROXY: "10.0.0.0/8" },
  });
});
afterAll(async () => {
  await behindBalancer.close();
  await direct.close();
});

/**
 * One request of the setup form (a per-address limit) as `client`, through the balancer. The limit
 * counts a request before its body is read: a password too short is refused at once (400), without
 * the scrypt hash a valid one costs on every attempt (seconds for the run on a busy machine).
 */
const attempt = (t: TestApp, client: string) =>
  t.post(
    "/api/setup",
    { token: "guess", email: "x@acme.test", password: "short" },
    { remoteAddress: BALANCER, headers: { "x-forwarded-for": client } },
  );

async function statuses(t: TestApp, client: string, count: number): Promise<number[]> {
  const answers: number[] = [];
  for (let i = 0; i < count; i++) answers.push((await attempt(t, client)).statusCode);
  return answers;
}

describe("per-address limits behind a load balancer", () => {
  it("count each client named by a trusted balancer's X-Forwarded-For on its own", async () => {
    const first = await statuses(behindBalancer, "203.0.113.7", budget + 1);
    expect(first.slice(0, budget)).toEqual(Array(budget).fill(400));
    expect(first[budget]).toBe(429);
    // Another employee behind the same balancer still has the whole budget.
    const second = await statuses(behindBalancer, "198.51.100.20", budget);
    expect(second).toEqual(Array(budget).fill(400));
  });

  it("ignore X-Forwarded-For without TRUST_PROXY: a client cannot choose a new address", async () => {
    const spoofed = [];
    for (let i = 0; i <= budget; i++) {
      spoofed.push((await attempt(direct, `192.0.2.${i + 1}`)).statusCode);
    }
    expect(spoofed.slice(0, budget)).toEqual(Array(budget).fill(400));
    expect(spoofed[budget]).toBe(429);
  });
});

describe("TRUST_PROXY", () => {
  it("takes addresses, networks, named ranges or a hop count", () => {
    expect(loadConfig({}).TRUST_PROXY).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, fd00::/8,Loopback" }).TRUST_PROXY).toEqual([
      "10.0.0.0/8",
      "fd00::/8",
      "loopback",
    ]);
    expect(parseTrustProxy("192.168.1.10")).toEqual({ trust: ["192.168.1.10"] });
  });

  it("stops the start with one line naming it for anything else", () => {
    for (const value of ["true", "*", "0", "11", "10.0.0.0/33", "balancer.internal", "10.0.0.1,"]) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/^Invalid TRUST_PROXY: .+$/);
    }
  });
});
