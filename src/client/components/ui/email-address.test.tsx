import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { addressPieces, EmailAddress } from "./email-address";

describe("an e-mail address in running text", () => {
  it("may wrap before its @ and after a dot, never at a hyphen", () => {
    expect(addressPieces("casey.montgomery-williamson@codes.example.test")).toEqual([
      "casey.",
      "montgomery-williamson",
      "@codes.",
      "example.",
      "test",
    ]);
    expect(addressPieces("casey@codes")).toEqual(["casey", "@codes"]);
    expect(addressPieces("no-at-sign")).toEqual(["no-at-sign"]);
  });

  it("keeps every piece but the last whole, with a break opportunity after it", () => {
    const html = renderToStaticMarkup(<EmailAddress email="ann.lee@acme.test" />);
    expect(html).toBe(
      '<span class="[overflow-wrap:anywhere]">' +
        '<span class="inline-block max-w-full">ann.</span><wbr/>' +
        '<span class="inline-block max-w-full">lee</span><wbr/>' +
        '<span class="inline-block max-w-full">@acme.</span><wbr/>test</span>',
    );
  });
});
