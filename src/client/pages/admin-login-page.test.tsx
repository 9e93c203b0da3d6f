import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { buttonVariants } from "../components/ui/button";
import { AdminForgotPassword } from "../features/admin-forgot-password";
import { AdminLoginPage } from "./admin-login-page";

function html(ui: ReactNode): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={["/admin-login"]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The class attribute of the button with this text. */
function buttonClass(markup: string, text: string): string | undefined {
  const buttons = markup.matchAll(/<button[^>]*class="([^"]*)"[^>]*>(.*?)<\/button>/g);
  return [...buttons].find(([, , inner]) => inner === text)?.[1].replaceAll("&amp;", "&");
}

describe("the admin sign-in's way to a new password and back", () => {
  it("are outline buttons, with the app's focus ring, not text-like links", () => {
    const found = [
      buttonClass(html(<AdminLoginPage />), "Forgot your password?"),
      buttonClass(
        html(<AdminForgotPassword initialEmail="" onBack={() => {}} />),
        "Back to admin sign-in",
      ),
    ];
    for (const classes of found) {
      expect(classes).toBe(buttonVariants({ variant: "outline", className: "w-full" }));
      expect(classes).toContain("border-coffee-300");
      expect(classes).toContain("focus-visible:outline-amber-700");
      expect(classes).not.toContain("hover:underline");
    }
  });
});
