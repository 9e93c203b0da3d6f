import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressDirectory } from "../../scripts/precompress";
import { DEMO_MODE_META, sampleEmployeesMeta } from "../shared/app-mode";
import { clientRoutes } from "../shared/routes";
import { createTestApp, type TestApp } from "./test/test-app";

const bigScript = `export const words = ${JSON.stringify("coffee chat ".repeat(400))};`;
const clientDir = mkdtempSync(path.join(tmpdir(), "coj-client-"));
let t: TestApp;
let ready = false;
beforeAll(async () => {
  writeFileSync(
    path.join(clientDir, "index.html"),
    "<!doctype html><html><head><title>Cup of Joe</title></head><body><div id=root></div></body></html>",
  );
  mkdirSync(path.join(clientDir, "assets"));
  writeFileSync(path.join(clientDir, "assets", "app-abc123.js"), "console.log('hi')");
  writeFileSync(path.join(clientDir, "assets", "big-def456.js"), bigScript);
  writeFileSync(
    path.join(clientDir, "assets", "mug-0a1b2c.svg"),
    "<svg xmlns='http://www.w3.org/2000/svg'/>",
  );
  await precompressDirectory(clientDir);
  t = await createTestApp({
    clientDir,
    readiness: () => ({ ready, reason: "Connecting to the mail server" }),
  });
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe("serving the client", () => {
  it("serves the app for every route of the client's route table", async () => {
    for (const route of clientRoutes.filter((r) => r !== "/simple-auth")) {
      const res = await t.app.inject({ method: "GET", url: route });
      expect(res.statusCode, route).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.body).toContain("<div id=root>");
    }
  });

  it("serves the app for each admin tab's address, an open newsletter, a help page and the likely aliases", async () => {
    for (const route of [
      "/admin/users",
      "/admin/image-gallery",
      "/admin-demo/metrics",
      "/admin/newsletters/7",
      "/dashboard",
      "/login",
      "/admin/admin-tools",
      "/admin/users/",
      "/help/chat",
      "/help/admin-console",
    ]) {
      const res = await t.app.inject({ method: "GET", url: route });
      expect(res.statusCode, route).toBe(200);
    }
    for (const route of [
      "/admin/nope",
      "/admin/newsletters/x",
      "/constructor",
      "/dashboard/x",
      "/help/architecture",
      "/help/chat.md",
      "/help/..%2Fpackage.json",
    ]) {
      const res = await t.app.inject({ method: "GET", url: route });
      expect(res.statusCode, route).toBe(404);
    }
  });

  it("serves the simple test access page only in DEMO mode, and marks demo pages", async () => {
    const res = await t.app.inject({ method: "GET", url: "/simple-auth" });
    expect(res.statusCode).toBe(404);
    expect((await t.get("/")).body).not.toContain(DEMO_MODE_META);

    const demo = await createTestApp({ clientDir, env: { DEMO: "1", DEMO_EMPLOYEES: "200" } });
    try {
      const page = await demo.get("/simple-auth");
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`${DEMO_MODE_META}\n  </head>`);
      // The size of the company it seeded, which /admin-demo shows (not a size of its own).
      expect(page.body).toContain(sampleEmployeesMeta(200));
      expect((await t.get("/admin-demo")).body).not.toContain("cup-of-joe-sample-employees");
      expect((await demo.get("/")).body).toContain(DEMO_MODE_META);
    } finally {
      await demo.close();
    }
  });

  it("serves the app with status 404 for unknown paths, so it shows the not-found page", async () => {
    const res = await t.app.inject({ method: "GET", url: "/no/such/page?x=1" });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain("<div id=root>");
  });

  it("keeps unknown API paths as JSON 404s", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/nope",
      headers: { accept: "text/html" },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toHaveProperty("message");
  });

  it("serves hashed assets with a long cache lifetime", async () => {
    const res = await t.app.inject({ method: "GET", url: "/assets/app-abc123.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toContain("immutable");
    // An imported image, served from the folder with its own type.
    const image = await t.app.inject({ method: "GET", url: "/assets/mug-0a1b2c.svg" });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toContain("image/svg+xml");
    expect(image.headers["cache-control"]).toContain("immutable");
  });

  it("sends the build's brotli or gzip copy of an asset to a browser that accepts it", async () => {
    const get = (acceptEncoding?: string) =>
      t.app.inject({
        method: "GET",
        url: "/assets/big-def456.js",
        headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
      });
    const br = await get("gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toContain("accept-encoding");
    expect(br.headers["content-type"]).toContain("javascript");
    expect(br.headers["cache-control"]).toContain("immutable");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bigScript);
    expect(br.rawPayload.length).toBeLessThan(bigScript.length / 10);

    const gz = await get("gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(bigScript);

    const plain = await get();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toContain("accept-encoding");
    expect(plain.body).toBe(bigScript);

    // A coding refused with q=0 is not sent, and a small file has no compressed copy.
    expect((await get("br;q=0, gzip;q=0.5")).headers["content-encoding"]).toBe("gzip");
    expect((await get("br;q=0")).headers["content-encoding"]).toBeUndefined();
    const small = await t.app.inject({
      method: "GET",
      url: "/assets/app-abc123.js",
      headers: { "accept-encoding": "br" },
    });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.body).toBe("console.log('hi')");
  });

  it("answers a HEAD for an asset without its body, and 404 for an asset the build does not have", async () => {
    const head = await t.app.inject({ method: "HEAD", url: "/assets/big-def456.js" });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-type"]).toContain("javascript");
    expect(head.body).toBe("");
    for (const url of ["/assets/missing-000000.js", "/assets/big-def456.js.br", "/assets/"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it("answers 503 on /api/ready until the mail transport is checked, then 200; alive all along", async () => {
    ready = false;
    const before = await t.app.inject({ method: "GET", url: "/api/ready" });
    expect(before.statusCode).toBe(503);
    expect(before.json()).toEqual({ status: "starting", message: "Connecting to the mail server" });
    expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    ready = true;
    const after = await t.app.inject({ method: "GET", url: "/api/ready" });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ status: "ready" });
  });
});
