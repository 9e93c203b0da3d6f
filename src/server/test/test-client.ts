import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import type { Db } from "../db/client";
import { signIn } from "./factories";

export interface RequestOptions {
  headers?: Record<string, string>;
  /** The client's address, for per-IP limits (light-my-request's default is 127.0.0.1). */
  remoteAddress?: string;
}

/** One request per HTTP method, answered by the app in process (`app.inject`). */
export interface Requests {
  get(url: string, options?: RequestOptions): Promise<LightMyRequestResponse>;
  delete(url: string, options?: RequestOptions): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown, options?: RequestOptions): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown, options?: RequestOptions): Promise<LightMyRequestResponse>;
  patch(url: string, body?: unknown, options?: RequestOptions): Promise<LightMyRequestResponse>;
}

/** A signed-out visitor's requests, and `as(who)` for a signed-in one's. */
export interface TestClient extends Requests {
  /**
   * Requests as `who`: a user (a session is made for them, at the app's clock, on the first
   * request and kept for the returned object's later ones) or a session cookie (`name=value`).
   */
  as(who: { id: string } | string): Requests;
}

/**
 * The request helper of service tests: `t.get(url)` signed out, `t.as(user).post(url, body)`
 * signed in. `createTestApp()` answers one already (`t.as(admin).get(…)`).
 */
export function testClient(target: { app: FastifyInstance; db: Db }): TestClient {
  const { app, db } = target;
  const requests = (cookie: () => Promise<string | undefined>): Requests => {
    const send = async (
      method: "GET" | "DELETE" | "POST" | "PUT" | "PATCH",
      url: string,
      body: unknown,
      options: RequestOptions = {},
    ) => {
      const session = await cookie();
      // A browser names the page's origin on every POST, PUT, PATCH and DELETE it sends.
      const browser = session && method !== "GET" ? { origin: app.ctx.config.appOrigin } : {};
      const headers = { ...(session ? { cookie: session } : {}), ...browser, ...options.headers };
      const payload = body as InjectOptions["payload"];
      return app.inject({ method, url, headers, payload, remoteAddress: options.remoteAddress });
    };
    return {
      get: (url, options) => send("GET", url, undefined, options),
      delete: (url, options) => send("DELETE", url, undefined, options),
      post: (url, body, options) => send("POST", url, body, options),
      put: (url, body, options) => send("PUT", url, body, options),
      patch: (url, body, options) => send("PATCH", url, body, options),
    };
  };
  return {
    ...requests(async () => undefined),
    as(who) {
      if (typeof who === "string") return requests(async () => who);
      let session: Promise<string> | undefined;
      return requests(() => {
        session ??= signIn(db, who, { now: app.ctx.clock.now() });
        return session;
      });
    },
  };
}
