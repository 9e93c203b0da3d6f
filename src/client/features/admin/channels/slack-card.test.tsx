import { type ChannelOperations, SLACK_REFUSED_MESSAGE, type SlackStatus } from "@shared/channels";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { channelKeys } from "../../../lib/api/channels";
import { SlackCard } from "./slack-card";

/** The card drawn from the server's answer. */
function cardWith(slack: SlackStatus, teamsSetUp = false) {
  const client = new QueryClient();
  const operations: ChannelOperations = { defaultChannel: "email", slack, teamsSetUp };
  client.setQueryData(channelKeys.operations, operations);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SlackCard />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The Slack status line as the server's answer draws it, in the words a person reads. */
function statusLineWith(slack: SlackStatus) {
  const html = cardWith(slack);
  const line = html.match(/<p data-testid="slack-status"[^>]*>(.*?)<\/p>/)?.[1] ?? "";
  return line
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;/g, "'")
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
      message: SLACK_REFUSED_MESSAGE,
    });
    expect(line).toBe(`Slack not connected. ${SLACK_REFUSED_MESSAGE}`);
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

/** The company-default choices as drawn: each option's text and whether it can be picked. */
function defaultChoices(html: string) {
  return [...html.matchAll(/<option value="(\w+)"([^>]*)>([^<]*)<\/option>/g)].map(
    ([, value, attributes, label]) => ({
      value,
      label,
      disabled: attributes.includes('disabled=""'),
    }),
  );
}

const connected = {
  configured: true,
  connected: true,
  team: "Test Co",
  botUser: "cupofjoe",
  message: "Slack connected to Test Co as cupofjoe.",
};

describe("the company default's choices (docs/chat.md)", () => {
  it("with neither Slack nor Teams set up, offers only e-mail and says why the others are off", () => {
    const html = cardWith({ ...notConnected, message: "Slack is not set up." });
    expect(defaultChoices(html)).toEqual([
      { value: "email", label: "E-mail", disabled: false },
      { value: "slack", label: "Slack (needs Slack connected)", disabled: true },
      { value: "both", label: "E-mail and Slack (needs Slack connected)", disabled: true },
      {
        value: "teams",
        label: "Microsoft Teams (needs Microsoft Teams connected)",
        disabled: true,
      },
    ]);
    expect(html).toContain(
      "Not available yet: Slack (needs Slack connected), E-mail and Slack (needs Slack connected), Microsoft Teams (needs Microsoft Teams connected).",
    );
  });

  it("offers Slack and both once Slack is configured, even while it does not answer, as the save allows", () => {
    const refused = {
      ...notConnected,
      configured: true,
      message: SLACK_REFUSED_MESSAGE,
    };
    for (const slack of [connected, refused]) {
      const offered = defaultChoices(cardWith(slack)).filter((c) => !c.disabled);
      expect(offered.map((c) => c.value)).toEqual(["email", "slack", "both"]);
    }
  });

  it("with Slack and Teams set up, offers every choice and no hint", () => {
    const html = cardWith(connected, true);
    expect(defaultChoices(html).every((c) => !c.disabled)).toBe(true);
    expect(html).not.toContain("Not available yet");
  });
});
