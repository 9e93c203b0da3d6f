import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { newsletterKeys } from "../../../lib/api/admin-newsletters";
import { roundKeys } from "../../../lib/api/admin-rounds";
import { NewsletterCard } from "./newsletter-card";

/** The card with no newsletter yet and, when given, the rounds answer's server time. */
function render(serverNow?: string) {
  const client = new QueryClient();
  client.setQueryData(newsletterKeys.list, []);
  if (serverNow) client.setQueryData(roundKeys.overview, { now: serverNow, scopes: [] });
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={["/admin/newsletters"]}>
      <QueryClientProvider client={client}>
        <NewsletterCard />
      </QueryClientProvider>
    </MemoryRouter>,
  ).replace(/<!-- -->/g, "");
}

describe("Create Newsletter's month", () => {
  afterEach(() => vi.useRealTimers());

  it("is this month by the server's clock, whatever the browser's says", () => {
    // The browser already in April; on the server it is still the last evening of March.
    vi.useFakeTimers({ now: new Date("2027-04-01T08:00:00Z"), toFake: ["Date"] });
    const html = render("2027-03-31T23:00:00.000Z");
    expect(html).toContain("Creates the March 2027 newsletter.");
  });

  it("is not named, nor can it be created, before the server's answer", () => {
    const html = render();
    expect(html).not.toContain("Creates the");
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>.*?Create Newsletter<\/button>/);
  });
});
