import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export interface ReceivedEvent {
  id: string;
  /** The body as verified with the endpoint's secret, or null when the signature did not hold. */
  event: { type: string; timestamp: string; data: Record<string, unknown> } | null;
  error: string | null;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedEvent[];
  /** The secret the receiver verifies with (the admin's copy, shown when the endpoint was added). */
  trust(secret: string): void;
  /** The next call is answered with this status (and Retry-After, and other headers, when given). */
  answerNext(status: number, retryAfter?: string, headers?: Record<string, string>): void;
  /** Connections opened to this receiver so far (a refused address opens none). */
  connections(): number;
  close(): Promise<void>;
}

/**
 * A local receiver of outgoing webhooks for tests (docs/chat.md, "Webhooks"): verifies each
 * call with the `standardwebhooks` library, as a receiver is told to, and records it.
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedEvent[] = [];
  const answers: Array<{
    status: number;
    retryAfter?: string;
    headers?: Record<string, string>;
  }> = [];
  let connections = 0;
  let secret = "";
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([k, v]) => [k, String(v)]),
      );
      try {
        const event = new Webhook(secret).verify(body, headers) as ReceivedEvent["event"];
        received.push({ id: headers["webhook-id"], event, error: null });
      } catch (error) {
        received.push({ id: headers["webhook-id"], event: null, error: (error as Error).message });
      }
      const next = answers.shift() ?? { status: 204 };
      response.writeHead(next.status, {
        ...next.headers,
        ...(next.retryAfter ? { "retry-after": next.retryAfter } : {}),
      });
      response.end();
    });
  });
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    connections: () => connections,
    received,
    trust: (s) => {
      secret = s;
    },
    answerNext: (status, retryAfter, headers) => answers.push({ status, retryAfter, headers }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
