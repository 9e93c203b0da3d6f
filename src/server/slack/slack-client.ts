import { LogLevel, WebClient } from "@slack/web-api";
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
 * the database, not in a process's memory.
 */
export function slackClient(ctx: Pick<AppContext, "config">): WebClient | null {
  const { SLACK_BOT_TOKEN, SLACK_API_URL: url } = ctx.config;
  if (!SLACK_BOT_TOKEN) return null;
  let client = clients.get(ctx.config);
  if (!client) {
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
