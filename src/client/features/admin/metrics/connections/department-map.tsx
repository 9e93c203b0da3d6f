import type { Connections } from "@shared/connections";
import { cn } from "../../../../lib/cn";

/** Five shades from few to many; each keeps its text readable (WCAG AA). */
const SHADES = [
  "bg-amber-50 text-coffee-900",
  "bg-amber-100 text-coffee-900",
  "bg-amber-300 text-coffee-950",
  "bg-amber-700 text-white",
  "bg-amber-900 text-white",
];

function shadeOf(value: number, max: number): string {
  if (value === 0 || max === 0) return "bg-white text-coffee-700";
  return SHADES[Math.min(SHADES.length - 1, Math.floor((value / max) * SHADES.length))];
}

/** "fewer than 5": what a hidden cell of the map reads on the page. */
export const fewerThan = (minCell: number) => `fewer than ${minCell}`;

/**
 * What a figure beside the map reads when hidden: about few people, or made of a hidden cell
 * (docs/privacy.md, "Figures about few people").
 */
export const HIDDEN = "hidden";

/**
 * The department × department map as a table: a heat map to the eye (the darker, the more
 * chats), a table with row and column headers to a screen reader, and printed in colour.
 */
export function DepartmentMap({ data, which }: { data: Connections; which: "met" | "matched" }) {
  const grid = data[which];
  const max = Math.max(0, ...grid.flat().map((v) => v ?? 0));
  const what = which === "met" ? "Chats that happened" : "Matches made";
  const captionId = `connections-map-caption-${which}`;
  return (
    <div className="max-w-full">
      {/* Outside the scrolling area, so the words wrap to the screen, not to the map's width. */}
      <p
        id={captionId}
        className="mb-2 text-sm text-coffee-800"
        data-testid="connections-map-caption"
      >
        {what} between the people of two departments (each two members of a chat once); a figure
        about fewer than {data.minCell} people reads “{fewerThan(data.minCell)}”.
      </p>
      <section
        aria-label={`${what} by department`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must reach the map's horizontal scroll
        tabIndex={0}
        className="max-w-full overflow-x-auto"
      >
        <table
          className="connections-map border-separate border-spacing-0.5 text-xs"
          aria-describedby={captionId}
        >
          <caption className="sr-only">{what} by department</caption>
          <thead>
            <tr>
              <td />
              {data.departments.map((d) => (
                <th key={d} scope="col" className="max-w-24 px-1 pb-1 align-bottom font-medium">
                  {d}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.departments.map((row, i) => (
              <tr key={row}>
                <th scope="row" className="max-w-32 pr-2 text-right font-medium">
                  {row}
                </th>
                {grid[i].map((value, j) => (
                  <td
                    key={data.departments[j]}
                    className={cn(
                      "h-10 min-w-12 rounded px-1 text-center tabular-nums",
                      value === null
                        ? "bg-coffee-100 text-[0.65rem] leading-tight text-coffee-800 italic"
                        : shadeOf(value, max),
                      i === j && "ring-1 ring-coffee-400 ring-inset",
                    )}
                  >
                    {value === null ? fewerThan(data.minCell) : value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
