import type { Connections } from "@shared/connections";
import { type RefObject, useEffect, useRef, useState } from "react";
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

/**
 * What a hidden cell of the map or a hidden figure beside it reads: about few people, or one that
 * would give such a figure away (docs/privacy.md, "Figures about few people").
 */
export const HIDDEN = "hidden";

/** Whether the element is wider than its box, so it scrolls sideways; kept up to date on resize. */
function useOverflows(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    for (const child of el.children) observer.observe(child);
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}

/**
 * The department × department map as a table: a heat map to the eye (the darker, the more
 * chats), a table with row and column headers to a screen reader, and printed in colour.
 */
export function DepartmentMap({ data, which }: { data: Connections; which: "met" | "matched" }) {
  const grid = data[which];
  const max = Math.max(0, ...grid.flat().map((v) => v ?? 0));
  const what = which === "met" ? "Chats that happened" : "Matches made";
  const captionId = `connections-map-caption-${which}`;
  const scrollHintId = `connections-map-scroll-${which}`;
  const scroller = useRef<HTMLElement>(null);
  const overflows = useOverflows(scroller);
  return (
    <div className="max-w-full">
      {/* Outside the scrolling area, so the words wrap to the screen, not to the map's width. */}
      <p
        id={captionId}
        className="mb-2 text-sm text-coffee-800"
        data-testid="connections-map-caption"
      >
        {what} between the people of two departments (each two members of a chat once). A cell reads
        “{HIDDEN}” when the people it counts are fewer than {data.minCell}, or when the cells shown
        would give such a cell away.
      </p>
      {overflows && (
        <p
          id={scrollHintId}
          className="mb-2 text-sm font-medium text-coffee-800 print:hidden"
          data-testid="connections-map-scroll-hint"
        >
          Scroll sideways to see every department →
        </p>
      )}
      <section
        ref={scroller}
        aria-label={`${what} by department`}
        aria-describedby={overflows ? scrollHintId : undefined}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must reach the map's horizontal scroll
        tabIndex={0}
        className="max-w-full overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-coffee-700"
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
                    {value === null ? HIDDEN : value}
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
