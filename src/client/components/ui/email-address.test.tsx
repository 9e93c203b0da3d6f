import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { addressPieces, EmailAddress, hyphenRuns } from "./email-address";

describe("an e-mail address in running text", () => {
  it("may wrap before its @ and before a dot, never at a hyphen", () => {
    expect(addressPieces("casey.montgomery-williamson@codes.example.test")).toEqual([
      "casey",
      ".montgomery-williamson",
      "@codes",
      ".example",
      ".test",
    ]);
    expect(addressPieces("casey@codes")).toEqual(["casey", "@codes"]);
    expect(addressPieces("no-at-sign")).toEqual(["no-at-sign"]);
    expect(hyphenRuns("montgomery-williamson")).toEqual(["montgomer", "y-w", "illiamson"]);
    expect(hyphenRuns("a-b-c")).toEqual(["", "a-b", "", "-c", ""]);
    expect(hyphenRuns(".van")).toEqual([".van"]);
  });

  it("is one run of text with a break opportunity between pieces, hyphens kept together", () => {
    const html = renderToStaticMarkup(<EmailAddress email="ann.lee-ray@acme.test" />);
    expect(html).toBe(
      '<span class="[overflow-wrap:anywhere]">' +
        'ann<wbr/>.le<span class="whitespace-nowrap">e-r</span>ay<wbr/>@acme<wbr/>.test</span>',
    );
  });

  it("never ends a line at a dot: each break comes before a dot or the @", () => {
    for (const email of ["anna-lena.van.der-berg@acme.example", "a.b.c@d.e", "x@y"]) {
      const html = renderToStaticMarkup(<EmailAddress email={email} />);
      const text = html.replace(/<(?!wbr)[^>]+>/g, "");
      expect(text.replace(/<wbr\/>/g, "")).toBe(email);
      const breaks = text.split("<wbr/>");
      expect(breaks.length).toBeGreaterThan(1);
      for (const line of breaks.slice(1)) expect(line).toMatch(/^[.@]/);
      for (const line of breaks.slice(0, -1)) expect(line).not.toMatch(/\.$/);
    }
  });
});
