import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { createTestDatabase } from "../test/test-database";
import { backoffDelayMs, classifyMailError } from "./mail-failure";
import { createMailer, toMailSendError } from "./mailer";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** A port nothing listens on: bound, then closed again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function sendError(smtpUrl: string): Promise<unknown> {
  const mailer = createMailer({ smtpUrl, from: "joe@acme.test", db: database.db });
  try {
    await mailer.send({
      to: "ada@acme.test",
      subject: "Hi",
      html: "<p>Hi</p>",
      text: "Hi",
      kind: "newsletter",
    });
  } catch (error) {
    return error;
  } finally {
    await mailer.close();
  }
  throw new Error("the send did not fail");
}

describe("classifying a failed send", () => {
  it("reads a refused connection to a real port as the server being unreachable", async () => {
    const error = toMailSendError(await sendError(`smtp://127.0.0.1:${await closedPort()}`));
    expect(classifyMailError(error)).toBe("unreachable");
  });

  it("reads a 421 greeting from a real socket as the server being unreachable", async () => {
    const server = createServer((socket) => socket.end("421 Too busy, come back later\r\n"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    try {
      const error = toMailSendError(await sendError(`smtp://127.0.0.1:${port}`));
      expect(error.responseCode).toBe(421);
      expect(classifyMailError(error)).toBe("unreachable");
    } finally {
      server.close();
    }
  });

  it("tells a deferral (4xx) from a permanent refusal (5xx) and an unknown local error", () => {
    expect(classifyMailError({ code: "EENVELOPE", responseCode: 451 })).toBe("deferred");
    expect(classifyMailError({ code: "EENVELOPE", responseCode: 452 })).toBe("deferred");
    expect(classifyMailError({ code: "EENVELOPE", responseCode: 550 })).toBe("permanent");
    expect(classifyMailError({ code: "EAUTH", responseCode: 535 })).toBe("permanent");
    expect(classifyMailError({ code: "ECONNRESET" })).toBe("unreachable");
    expect(classifyMailError({ code: "ETIMEDOUT" })).toBe("unreachable");
    expect(classifyMailError({ code: "EMESSAGE" })).toBe("permanent");
  });
});

describe("the retry delay", () => {
  const settings = { baseMs: 1000, capMs: 60_000 };

  it("doubles per failure up to the cap, keeping at least half of it", () => {
    const low = () => 0;
    const high = () => 1;
    expect([1, 2, 3, 4].map((n) => backoffDelayMs(n, settings, high))).toEqual([
      1000, 2000, 4000, 8000,
    ]);
    expect(backoffDelayMs(3, settings, low)).toBe(2000);
    expect(backoffDelayMs(20, settings, high)).toBe(60_000);
    expect(backoffDelayMs(200, settings, low)).toBe(30_000);
  });

  it("spreads messages that failed together over the second half of the window", () => {
    const delays = Array.from({ length: 200 }, () => backoffDelayMs(5, settings));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(8000);
    expect(Math.max(...delays)).toBeLessThanOrEqual(16_000);
    expect(new Set(delays).size).toBeGreaterThan(100);
  });
});
