import type { SendOutcome } from "../outbox/channels";

/** A @slack/web-api error as an outcome: rate limits wait, outages retry, Slack's refusals end. */
export function slackErrorOutcome(error: unknown): SendOutcome {
  const e = error as {
    code?: string;
    retryAfter?: number;
    statusCode?: number;
    data?: { error?: string };
    message?: string;
  };
  if (e.code === "slack_webapi_rate_limited_error") {
    return {
      kind: "retry",
      afterMs: (e.retryAfter ?? 1) * 1000,
      error: `Slack rate-limited the call; retrying after ${e.retryAfter ?? 1} s.`,
    };
  }
  if (e.code === "slack_webapi_platform_error") {
    const reason = e.data?.error ?? "unknown";
    if (reason === "ratelimited") return { kind: "retry", error: "Slack rate-limited the call." };
    if (
      reason === "internal_error" ||
      reason === "fatal_error" ||
      reason === "service_unavailable"
    ) {
      return { kind: "retry", error: `Slack answered ${reason}.` };
    }
    return { kind: "ended", state: "failed", error: `Slack refused the message: ${reason}.` };
  }
  if (e.code === "slack_webapi_http_error" && e.statusCode !== undefined && e.statusCode < 500) {
    return { kind: "ended", state: "failed", error: `Slack answered HTTP ${e.statusCode}.` };
  }
  return { kind: "retry", error: `Slack could not be reached: ${e.message ?? "unknown error"}` };
}
