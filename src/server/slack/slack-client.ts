import type { WebClient } from "@slack/web-api";
import type { AppContext } from "../context";
import { cappedFetch } from "../outbound/capped-fetch";

export const SLACK_API_URL = "https://slack.com/api/";

/** The most bytes of one Slack answer read (docs/chat.md, "Limits"); a page of people is ~100 kB. */
export const SLACK_ANSWER_MAX_BYTES = 5_000_000;

const clients = new WeakMap<AppContext["config"], WebClient>();

/**
 * The official Web API client for the configured bot (docs/chat.md), or null when Slack is off.
 * It retries nothing itself and rejects a rate-limited call at once: every retry, Slack's
 * Retry-After included, is the chat ledger's (deliver-chat-messages.ts), so a message waits in
 * the database, not in a process's memory. The client's package is loaded with the first call
 * (about 0.07 s of a start that most installs, without Slack, never need; docs/performance.md,
 * "A lighter start").
 */
export async function slackClient(ctx: Pick<AppContext, "config">): Promise<WebClient | null> {
  const { SLACK_BOT_TOKEN, SLACK_API_URL: url } = ctx.config;
  if (!SLACK_BOT_TOKEN) return null;
  let client = clients.get(ctx.config);
  if (!client) {
    const { LogLevel, WebClient } = await import("@slack/web-api");
    client = new WebClient(SLACK_BOT_TOKEN, {
      slackApiUrl: withSlash(url ?? SLACK_API_URL),
      retryConfig: { retries: 0 },
      rejectRateLimitedCalls: true,
      logLevel: LogLevel.ERROR,
      timeout: 10_000,
      fetch: cappedFetch(SLACK_ANSWER_MAX_BYTES),
    });
    clients.set(ctx.config, client);
  }
  return client;
}

function withSlash(url: string): string {
  return url.endsWith("/") ? url : `${url}/`;
}
