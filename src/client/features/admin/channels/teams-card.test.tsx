import type { TeamsStatus } from "@shared/teams";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { teamsKeys } from "../../../lib/api/teams";
import { TeamsCard } from "./teams-card";

/** The card as the server's status answer draws it. */
function renderWith(status: TeamsStatus) {
  const client = new QueryClient();
  client.setQueryData(teamsKeys.status, status);
  const html = renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <TeamsCard />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  // The words a person reads, without markup or React's comment markers.
  return html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/\s+/g, " ");
}

describe("the admin's Teams card before Teams is connected (docs/chat.md)", () => {
  it("says who connects it, links the steps without a stray space, and what appears once connected", () => {
    const text = renderWith({
      configured: false,
      appId: null,
      messagingEndpoint: "https://coffee.example/api/teams/messages",
      notReached: [],
    });
    expect(text).toContain("(connecting Teams, step by step)");
    expect(text).toContain(
      "Teams is not set up on this server: ask whoever runs Cup of Joe to connect Teams.",
    );
    expect(text).toContain("the permissions to grant, the app package to download");
    // Asked once, not twice.
    expect(text.match(/ask whoever runs/g)).toHaveLength(1);
  });
});
