import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { AppNav } from "./app-nav";
import { AUTH_USER_QUERY_KEY, type AuthUser } from "./use-auth";

/** The header's words, as the session query stands: `undefined` while it is still asked. */
function headerWith(user: Partial<AuthUser> | null | undefined): string {
  const client = new QueryClient();
  if (user !== undefined) client.setQueryData(AUTH_USER_QUERY_KEY, user);
  const html = renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={["/matches"]}>
        <AppNav />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
}

describe("the signed-in navigation", () => {
  it("shows only the logo while nobody is known to be signed in", () => {
    for (const user of [undefined, null]) {
      const text = headerWith(user);
      expect(text).toContain("Cup of Joe");
      for (const item of ["Dashboard", "Profile", "Sign Out", "Menu"]) {
        expect(text).not.toContain(item);
      }
    }
  });

  it("offers the signed-in person their pages, the admin dashboard to an admin", () => {
    const person = headerWith({ id: "1", email: "ann@acme.test", isAdmin: false });
    expect(person).toContain("Dashboard");
    expect(person).toContain("Profile");
    expect(person).toContain("Sign Out");
    expect(person).not.toContain("Admin Dashboard");
    expect(headerWith({ id: "2", email: "bo@acme.test", isAdmin: true })).toContain(
      "Admin Dashboard",
    );
  });
});
