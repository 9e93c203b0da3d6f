import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { Config } from "../config";
import { slackClient } from "../slack/slack-client";
import { sendWebhook } from "../webhooks/send-webhook";

/** A receiver whose answer never ends: it writes until the caller drops the connection. */
function endlessAnswer(headers: Record<string, string> = {}) {
  const state = { closed: false, written: 0 };
  const server = createServer((request, response: ServerResponse) => {
    request.resume();
    response.writeHead(200, { "content-type": "application/json", ...headers });
    response.write('{"ok":true,"padding":"');
    const chunk = "x".repeat(16 * 1024);
    const more = () => {
      while (!state.closed && response.write(chunk)) state.written += chunk.length;
    };
    response.on("drain", more);
    response.on("close", () => {
      state.closed = true;
    });
    more();
  });
  return new Promise<{ url: string; server: Server; state: typeof state }>((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, state }),
    ),
  );
}

let running: Server | undefined;
afterEach(() => {
  running?.closeAllConnections();
  running?.close();
});

describe("the bytes read of an outside service's answer", () => {
  it("fails a Slack call whose answer never ends, and one announced too long", async () => {
    const endless = await endlessAnswer();
    running = endless.server;
    const config = { SLACK_BOT_TOKEN: "xoxb-test", SLACK_API_URL: `${endless.url}/api/` };
    const slack = await slackClient({ config: config as Config });
    await expect(slack?.auth.test()).rejects.toThrow(/is longer than 5000000 bytes/);
    await expect.poll(() => endless.state.closed, { timeout: 20_000 }).toBe(true);
    running.close();

    const announced = await endlessAnswer({ "content-length": String(1e12) });
    running = announced.server;
    const config2 = { SLACK_BOT_TOKEN: "xoxb-test", SLACK_API_URL: `${announced.url}/api/` };
    const slack2 = await slackClient({ config: config2 as Config });
    await expect(slack2?.auth.test()).rejects.toThrow(/is longer than 5000000 bytes/);
  });

  it("reads a webhook receiver's status and drops its endless body", async () => {
    const endless = await endlessAnswer();
    running = endless.server;
    const outcome = await sendWebhook(
      { url: `${endless.url}/hook`, secret: `whsec_${Buffer.from("secret").toString("base64")}` },
      { id: "msg_1", type: "test", timestamp: new Date(0).toISOString(), data: {} },
      new Date(),
      { allowPrivate: true, timeoutMs: 120_000 },
    );
    expect(outcome).toEqual({ kind: "sent", result: { status: 200 } });
    // Drained until the timeout (two minutes here) before; now dropped after 64 KiB.
    await expect.poll(() => endless.state.closed, { timeout: 30_000 }).toBe(true);
  });
});
