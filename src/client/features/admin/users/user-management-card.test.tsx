import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { UserManagementCard } from "./user-management-card";

function cardAt(path: string): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <UserManagementCard />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("User Management opened at an address with a search and filters", () => {
  it("shows the search and the filters the address holds", () => {
    const html = cardAt("/admin/users?q=ann&status=paused&satOut=yes&signup=pending");
    expect(html).toMatch(/id="user-search"[^>]*value="ann"/);
    const chosen = (id: string) =>
      new RegExp(`id="${id}".*?<option[^>]*value="([^"]*)" selected=""`).exec(html)?.[1];
    expect(chosen("user-status-filter")).toBe("paused");
    expect(chosen("user-sat-out-filter")).toBe("sat-out");
    expect(chosen("user-signup-filter")).toBe("pending");
    expect(chosen("user-account-filter")).toBe("");
  });
});
