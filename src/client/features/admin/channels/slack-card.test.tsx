import type { ChannelOperations, SlackStatus } from "@shared/channels";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { channelKeys } from "../../../lib/api/channels";
import { SlackCard } from "./slack-card";

/** The Slack status line as the server's answer draws it, in the words a person reads. */
function statusLineWith(slack: SlackStatus) {
  const client = new QueryClient();
  const operations: ChannelOperations = { defaultChannel: "email", slack };
  client.setQueryData(channelKeys.operations, operations);
  const html = renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SlackCard />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const line = html.match(/<p data-testid="slack-status"[^>]*>(.*?)<\/p>/)?.[1] ?? "";
  return line
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/\s+/g, " ");
}

const notConnected = { configured: false, connected: false, team: null, botUser: null };

describe("the Slack card's status line (docs/chat.md)", () => {
  it("while Slack is not set up, says so in two sentences, never two colons in a row", () => {
    const line = statusLineWith({
      ...notConnected,
      message: "Slack is not set up: ask whoever runs Cup of Joe to connect Slack.",
    });
    expect(line).toBe(
      "Slack not connected. Slack is not set up: ask whoever runs Cup of Joe to connect Slack.",
    );
  });

  it("when Slack refuses the token, says it is not connected, then why", () => {
    const line = statusLineWith({
      ...notConnected,
      configured: true,
      message: "Slack refused the bot token (invalid_auth). Check SLACK_BOT_TOKEN.",
    });
    expect(line).toBe(
      "Slack not connected. Slack refused the bot token (invalid_auth). Check SLACK_BOT_TOKEN.",
    );
  });

  it("once connected, names the workspace and the bot once", () => {
    const line = statusLineWith({
      configured: true,
      connected: true,
      team: "Test Co",
      botUser: "cupofjoe",
      message: "Slack connected to Test Co as cupofjoe.",
    });
    expect(line).toBe("Slack connected to Test Co as cupofjoe.");
  });
});
