import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { AuthUser } from "../use-auth";
import { CheckEmailScreen } from "./check-email-screen";

describe("the profile's check of a new address", () => {
  it("shows the address with the shared component: it wraps before a dot or the @ only", () => {
    const user = { id: "1", email: "anna-lena.van@codes.example" } as AuthUser;
    const html = renderToStaticMarkup(<CheckEmailScreen user={user} onRefetch={() => {}} />);
    expect(html).not.toContain("break-all");
    expect(html).toContain(
      '<span class="[overflow-wrap:anywhere]">ann<span class="whitespace-nowrap">a-l</span>ena' +
        "<wbr/>.van<wbr/>@codes<wbr/>.example</span></strong>. Enter it below",
    );
  });
});
