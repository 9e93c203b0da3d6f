import type { ReactNode } from "react";

/**
 * A chart with its text alternative: the drawing is hidden from screen readers, which read the
 * caption and a table of the same numbers instead.
 */
export function ChartFigure({
  caption,
  columns,
  rows,
  children,
}: {
  caption: string;
  columns: string[];
  rows: Array<Array<string | number>>;
  children: ReactNode;
}) {
  return (
    <figure className="min-w-0 space-y-2">
      <figcaption className="text-sm font-medium text-coffee-800">{caption}</figcaption>
      <div aria-hidden="true" className="h-64 w-full min-w-0">
        {children}
      </div>
      {/* A table ignores a 1px width, so the clipping box is a div around it. */}
      <div className="sr-only">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={String(row[0])}>
                {row.map((cell, i) =>
                  i === 0 ? (
                    <th key={i} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={i}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** A labelled number in the tab's summary grids. */
export function Stat({ label, value, note }: { label: string; value: ReactNode; note?: string }) {
  return (
    <div className="rounded-lg border border-coffee-200 bg-white p-4">
      <dt className="text-sm font-medium text-coffee-700">{label}</dt>
      <dd className="text-2xl font-bold text-coffee-950">{value}</dd>
      {note && <dd className="text-xs text-coffee-700">{note}</dd>}
    </div>
  );
}

export const CHART_COLORS = ["#15803d", "#b45309", "#b91c1c", "#644029", "#9a6a42"];
