import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { TestEmailPage } from "./test-email-page";

const pageAt = (entry: string) =>
  renderToStaticMarkup(
    <MemoryRouter initialEntries={[entry]}>
      <TestEmailPage />
    </MemoryRouter>,
  );

describe("the page a test e-mail's links lead to", () => {
  it("says the link is a test's, what the real one does, and offers nothing to press", () => {
    const page = pageAt("/test-email?link=unsubscribe");
    expect(page).toContain("This link came from a test e-mail, marked [Test]. It changes nothing");
    expect(page).toContain("In the real newsletter, this is the unsubscribe link");
    expect(page).not.toContain("<button");
    expect(page).not.toContain("<form");
  });

  it("says only that it is a test's for a link it does not know", () => {
    const page = pageAt("/test-email?link=something-else");
    expect(page).toContain("This link came from a test e-mail");
    expect(page).not.toContain("In the real newsletter");
  });
});
