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
    expect(render({ ...base, data: [] })).toBe(
      '<p class="text-sm text-coffee-700">No groups yet.</p>',
    );
    expect(render({ ...base, data: ["Acme", "Globex"] })).toBe(
      "<ul><li>Acme</li><li>Globex</li></ul>",
    );
  });
});
