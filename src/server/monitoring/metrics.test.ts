import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outgoingMessages } from "../db/schema";
import { createTestApp, type TestApp } from "../test/test-app";

// docs/monitoring.md: /metrics behind METRICS_TOKEN, X-Request-Id on every answer.
const TOKEN = "metrics-token-metrics-token-metrics-0123";
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(() => t.close());

const scrape = (authorization?: string) =>
  t.app.inject({
    method: "GET",
    url: "/metrics",
    headers: authorization ? { authorization } : {},
  });

/** The value of one series in the text format, e.g. `coj_outbox_messages{kind="x",lane="y"}`. */
const seriesValue = (text: string, series: string) => {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe("/metrics", () => {
  it("answers 401 without the token or with a wrong one", async () => {
    for (const header of [undefined, "Bearer wrong", `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const answer = await scrape(header);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ message: "A valid bearer token is required." });
      expect(answer.body).not.toContain("coj_");
    }
  });

  it("speaks Prometheus' text format: outbox depth and age by kind and lane, job lag, requests by route pattern", async () => {
    for (const slug of ["no-such-page-one", "no-such-page-two"]) {
      const answer = await t.app.inject({ method: "GET", url: `/api/public/help/${slug}` });
      expect(answer.statusCode).toBe(404);
    }
    // A message queued a minute ago over a transport no process here mails by: it stays pending.
    await t.db.insert(outgoingMessages).values({
      kind: "company-inquiry",
      recipient: "ops@metrics.test",
      data: {},
      mailTransport: "smtp://elsewhere.test:25",
      nextAttemptAt: new Date(Date.now() - 60_000),
      createdAt: new Date(Date.now() - 60_000),
    });

    const answer = await scrape(`Bearer ${TOKEN}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = answer.body;
    expect(text).toContain("# TYPE coj_outbox_sent_total counter");
    expect(text).toContain("# TYPE coj_outbox_failed_attempts_total counter");
    expect(text).toContain("# TYPE coj_database_pool_connections gauge");
    const series = 'coj_outbox_messages{kind="company-inquiry",lane="standard"}';
    expect(seriesValue(text, series)).toBe(1);
    const age = 'coj_outbox_oldest_message_age_seconds{kind="company-inquiry",lane="standard"}';
    expect(seriesValue(text, age)).toBeGreaterThanOrEqual(60);
    expect(seriesValue(text, 'coj_job_lag_seconds{job="outbox-delivery"}')).toBeGreaterThanOrEqual(
      60,
    );
    expect(seriesValue(text, 'coj_job_lag_seconds{job="round-steps"}')).toBe(0);
    expect(seriesValue(text, "coj_database_up")).toBe(1);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    // Both requests under their route's pattern, never their own address.
    const requests =
      'coj_http_request_duration_seconds_count{method="GET",route="/api/public/help/:slug",status="404"}';
    expect(seriesValue(text, requests)).toBe(2);
    expect(text).not.toContain("no-such-page-one");
  });
});

describe("X-Request-Id", () => {
  it("names every answer's request: API, page, refusal and unknown address alike", async () => {
    for (const url of ["/api/health", "/api/no-such-thing", "/no-such-page", "/api/admin/users"]) {
      const answer = await t.app.inject({ method: "GET", url });
      expect(answer.headers["x-request-id"], url).toMatch(/^[0-9a-f]{16}$/);
    }
  });

  it("keeps a sane incoming id and replaces one that is not", async () => {
    const kept = await t.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": "lb-7f3a9c21.trace:42" },
    });
    expect(kept.headers["x-request-id"]).toBe("lb-7f3a9c21.trace:42");
    for (const bad of ["short", "has spaces in it", "x".repeat(200), "line\u2028break-12345"]) {
      const replaced = await t.app.inject({
        method: "GET",
        url: "/api/health",
        headers: { "x-request-id": bad },
      });
      expect(replaced.headers["x-request-id"]).toMatch(/^[0-9a-f]{16}$/);
    }
  });
});

describe("without METRICS_TOKEN", () => {
  it("has no /metrics at all", async () => {
    const off = await createTestApp();
    try {
      const answer = await off.app.inject({ method: "GET", url: "/metrics" });
      expect(answer.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
