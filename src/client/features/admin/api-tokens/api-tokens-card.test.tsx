import type { ApiToken } from "@shared/api-tokens";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiTokenKeys } from "../../../lib/api/api-tokens";
import { ApiTokensCard } from "./api-tokens-card";

const token = (name: string, expiresAt: string, expired: boolean): ApiToken => ({
  id: name.length,
  name,
  scope: "read",
  start: "coj_abcd",
  createdAt: "2027-02-01T09:00:00.000Z",
  createdBy: "Ann Admin",
  expiresAt,
  expired,
  revokedAt: null,
  lastUsedAt: null,
});

function rowOf(html: string, name: string) {
  return html.split("<li").find((row) => row.includes(name)) ?? "";
}

describe("an API token's Expired badge", () => {
  afterEach(() => vi.useRealTimers());

  it("follows the server's clock, whatever the browser's says", () => {
    // On the server it is March 2027; by the browser's clock, a month behind, neither had expired.
    vi.useFakeTimers({ now: new Date("2027-02-10T09:00:00Z"), toFake: ["Date"] });
    const client = new QueryClient();
    client.setQueryData(apiTokenKeys.list, [
      token("Old export", "2027-03-01T09:00:00.000Z", true),
      token("New BI", "2027-06-01T09:00:00.000Z", false),
    ]);
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <QueryClientProvider client={client}>
          <ApiTokensCard />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    expect(rowOf(html, "Old export")).toContain(">Expired<");
    expect(rowOf(html, "New BI")).not.toContain(">Expired<");
  });
});
