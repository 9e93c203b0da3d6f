import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { buttonVariants } from "../../components/ui/button";
import { CodeStep } from "./code-step";

function codeStepHtml(): string {
  const ignore = () => {};
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <CodeStep
        email="casey@codes.test"
        sends={1}
        resending={false}
        onResend={ignore}
        onSwitchEmail={ignore}
        onFailed={ignore}
        onVerified={ignore}
      />
    </QueryClientProvider>,
  );
}

/** The class attribute of the button with this text. */
function buttonClass(html: string, text: string): string | undefined {
  const buttons = html.matchAll(/<button[^>]*class="([^"]*)"[^>]*>(.*?)<\/button>/g);
  return [...buttons].find(([, , inner]) => inner === text)?.[1].replaceAll("&amp;", "&");
}

describe("the code step's other actions", () => {
  it("are outline buttons, with the app's focus ring, not text-like links", () => {
    const html = codeStepHtml();
    for (const text of ["Resend Code", "Use Different Email"]) {
      const classes = buttonClass(html, text);
      expect(classes).toBe(buttonVariants({ variant: "outline" }));
      expect(classes).toContain("border-coffee-300");
      expect(classes).toContain("focus-visible:outline-amber-700");
    }
  });
});
