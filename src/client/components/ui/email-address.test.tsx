import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { addressPieces, EmailAddress, hyphenRuns } from "./email-address";

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
    expect(hyphenRuns("montgomery-williamson")).toEqual(["montgomer", "y-w", "illiamson"]);
    expect(hyphenRuns("a-b-c")).toEqual(["", "a-b", "", "-c", ""]);
    expect(hyphenRuns("casey.")).toEqual(["casey."]);
  });

  it("is one run of text with a break opportunity between pieces, hyphens kept together", () => {
    const html = renderToStaticMarkup(<EmailAddress email="ann.lee-ray@acme.test" />);
    expect(html).toBe(
      '<span class="[overflow-wrap:anywhere]">' +
        'ann.<wbr/>le<span class="whitespace-nowrap">e-r</span>ay<wbr/>@acme.<wbr/>test</span>',
    );
  });
});
