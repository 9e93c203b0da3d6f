import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { type QueryLike, QueryState } from "./query-state";

const base = { isPending: false, isError: false, error: null, data: undefined };

function render(query: QueryLike<string[]>) {
  return renderToStaticMarkup(
    <QueryState query={query} failure="Failed to load groups" empty="No groups yet.">
      {(data) => (
        <ul>
          {data.map((g) => (
            <li key={g}>{g}</li>
          ))}
        </ul>
      )}
    </QueryState>,
  );
}

/** The markup's text as read aloud: tags dropped, spaces collapsed. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** The text of each list item. */
const listItems = (html: string) => [...html.matchAll(/<li>(.*?)<\/li>/g)].map((m) => textOf(m[1]));

describe("QueryState", () => {
  it("shows a busy skeleton while the first answer is pending", () => {
    const html = render({ ...base, isPending: true });
    expect(html).toContain('aria-busy="true"');
    expect(html).not.toContain("<li>");
  });

  it("shows the server's message when loading failed, or the fallback without one", () => {
    const failed = { ...base, isError: true, refetch: () => {} };
    const html = render({ ...failed, error: new Error("Admin access required") });
    expect(html).toContain('role="alert"');
    expect(html).toContain("Admin access required");
    expect(html).toContain("Try again");
    expect(render({ ...failed, error: new Error("") })).toContain("Failed to load groups");
  });

  it("shows the empty text for an empty list and the list otherwise", () => {
    const empty = render({ ...base, data: [] });
    expect(textOf(empty)).toBe("No groups yet.");
    expect(listItems(empty)).toEqual([]);
    const list = render({ ...base, data: ["Acme", "Globex"] });
    expect(listItems(list)).toEqual(["Acme", "Globex"]);
    expect(textOf(list)).not.toContain("No groups yet.");
    for (const html of [empty, list]) {
      expect(html).not.toContain('role="alert"');
      expect(html).not.toContain("aria-busy");
    }
  });
});
