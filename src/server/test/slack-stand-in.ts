import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One call the stand-in received: the Web API method and its arguments as Slack reads them. */
export interface SlackCall {
  method: string;
  args: Record<string, unknown>;
  token: string | undefined;
}

export interface SlackStandIn {
  /** Base for SLACK_API_URL (`http://127.0.0.1:PORT/api/`). */
  url: string;
  calls: SlackCall[];
  callsOf(method: string): SlackCall[];
  /** The next call of `method` is answered 429 with this Retry-After (Slack's rate limit). */
  rateLimitNext(method: string, retryAfterSeconds: number): void;
  /**
   * The `nth` call of `method` from now gets no answer until `release()` (a process dying
   * mid-call): then a 500, or Slack's usual answer with `{ answer: true }` (a slow call).
   */
  holdCall(
    method: string,
    nth: number,
    options?: { answer?: boolean },
  ): { arrived(): boolean; release(): void };
  /** The next call of `method` is answered with this HTTP status (an outage). */
  failNext(method: string, status: number): void;
  close(): Promise<void>;
}

/**
 * A local stand-in of Slack's Web API for tests (docs/chat.md): answers `auth.test`,
 * `users.lookupByEmail`, `conversations.open`, `chat.postMessage` and `chat.update` with the
 * shapes Slack documents (`{ ok: true, … }`, or `{ ok: false, error }`), reads form or JSON
 * bodies as the official client sends them, and records every call. People are known by address.
 */
export async function startSlackStandIn(options: {
  token: string;
  people: Record<string, string>;
}): Promise<SlackStandIn> {
  const calls: SlackCall[] = [];
  const limits = new Map<string, number>();
  const holds = new Map<string, { nth: number; answer: boolean }>();
  const failures = new Map<string, number>();
  const seen = new Map<string, number>();
  const held: Array<() => void> = [];
  const conversations = new Map<string, string>();
  let ts = 1_700_000_000;

  const answer = (call: SlackCall): Record<string, unknown> => {
    if (call.token !== options.token) return { ok: false, error: "invalid_auth" };
    const { method, args } = call;
    if (method === "auth.test") {
      return {
        ok: true,
        url: "https://test-co.slack.com/",
        team: "Test Co",
        user: "cupofjoe",
        team_id: "T1",
        user_id: "UBOT",
      };
    }
    if (method === "users.lookupByEmail") {
      const id = options.people[String(args.email).toLowerCase()];
      return id
        ? { ok: true, user: { id, profile: { email: args.email } } }
        : { ok: false, error: "users_not_found" };
    }
    if (method === "conversations.open") {
      const users = String(args.users ?? "")
        .split(",")
        .filter(Boolean)
        .sort();
      if (users.length === 0) return { ok: false, error: "users_list_not_supplied" };
      const key = users.join(",");
      if (!conversations.has(key)) {
        conversations.set(key, `${users.length === 1 ? "D" : "G"}${conversations.size + 1}`);
      }
      return { ok: true, channel: { id: conversations.get(key) } };
    }
    if (method === "chat.postMessage" || method === "chat.update") {
      if (!args.channel) return { ok: false, error: "channel_not_found" };
      const stamp = method === "chat.update" ? String(args.ts) : `${++ts}.000100`;
      return { ok: true, channel: args.channel, ts: stamp, message: { text: args.text } };
    }
    return { ok: false, error: "unknown_method" };
  };

  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const method = (request.url ?? "").replace(/^\/api\//, "").split("?")[0];
    const raw = await readBody(request);
    const auth = request.headers.authorization;
    const call: SlackCall = {
      method,
      args: parseArgs(raw, request.headers["content-type"]),
      token: auth?.startsWith("Bearer ") ? auth.slice(7) : undefined,
    };
    calls.push(call);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
      response.end(JSON.stringify(body));
    };
    const limit = limits.get(method);
    if (limit !== undefined) {
      limits.delete(method);
      return send(429, { ok: false, error: "ratelimited" }, { "retry-after": String(limit) });
    }
    seen.set(method, (seen.get(method) ?? 0) + 1);
    const hold = holds.get(method);
    if (hold && hold.nth === seen.get(method)) {
      holds.delete(method);
      held.push(() =>
        hold.answer ? send(200, answer(call)) : send(500, { ok: false, error: "fatal_error" }),
      );
      return;
    }
    const failure = failures.get(method);
    if (failure !== undefined) {
      failures.delete(method);
      return send(failure, { ok: false, error: "service_unavailable" });
    }
    send(200, answer(call));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/`,
    calls,
    callsOf: (method) => calls.filter((c) => c.method === method),
    rateLimitNext: (method, seconds) => limits.set(method, seconds),
    failNext: (method, status) => failures.set(method, status),
    holdCall(method, nth, { answer = false } = {}) {
      holds.set(method, { nth: (seen.get(method) ?? 0) + nth, answer });
      return {
        arrived: () => held.length > 0,
        release() {
          for (const answerLate of held.splice(0)) answerLate();
        },
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const answerLate of held.splice(0)) answerLate();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

/** Form fields (objects JSON-encoded, as the client sends them) or a JSON body. */
function parseArgs(raw: string, type: string | undefined): Record<string, unknown> {
  if (type?.includes("application/json"))
    return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  const args: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    args[key] = /^[[{]/.test(value) ? JSON.parse(value) : value;
  }
  return args;
}
