import {
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";

/**
 * The month axis: level labels for up to six months, turned 45° for up to a year and upright for
 * up to two years, so that every month of the period is named on a wide screen
 * (docs/admin-console.md, "Connections"). Where even upright labels would overlap (a phone),
 * recharts leaves some out; the tooltip and the figure's table still name every month.
 */
function monthAxis(months: number) {
  if (months <= 6) return { tick: { fontSize: 12 } };
  const upright = months > 12;
  return {
    angle: upright ? -90 : -45,
    textAnchor: "end" as const,
    height: upright ? 64 : 52,
    // Recharts measures a label with the page's line height, taller than its letters: turned
    // labels may come that much closer before they touch.
    minTickGap: upright ? -4 : 2,
    tick: { fontSize: 11 },
  };
}

const COLOR = "#b45309";

/** A running month's point: hollow, where a month over has a filled one. */
function HollowDot({ cx, cy, shown }: { cx?: number; cy?: number; shown: boolean }) {
  if (!shown || cx === undefined || cy === undefined) return <g />;
  return <circle cx={cx} cy={cy} r={4} fill="#ffffff" stroke={COLOR} strokeWidth={2} />;
}

/**
 * Each row's value split in two lines: `settled` for months over, `sofar` for months still
 * running, which also holds the month over just before one so the dashed part joins the line.
 */
export function splitRunning<Row>(
  rows: Row[],
  value: (row: Row) => number | null,
  running: (row: Row) => boolean,
): Array<Row & { settled: number | null; sofar: number | null }> {
  return rows.map((row, i) => {
    const next = rows[i + 1];
    const joins = !running(row) && next !== undefined && running(next);
    return {
      ...row,
      settled: running(row) ? null : value(row),
      sofar: running(row) || joins ? value(row) : null,
    };
  });
}

/**
 * One percentage per month as a line from 0 to 100 %, inside a ChartFigure with its table. A month
 * still running (`running`) is drawn dashed to a hollow dot, "so far": its figure may yet grow, and
 * a solid line would read as a drop against the months over.
 */
export function PercentLineChart<Row extends { label: string }>({
  rows,
  dataKey,
  name,
  running = () => false,
}: {
  rows: Row[];
  dataKey: keyof Row & string;
  name: string;
  running?: (row: Row) => boolean;
}) {
  const data = splitRunning(rows, (row) => row[dataKey] as number | null, running);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart accessibilityLayer={false} data={data} margin={{ top: 12, right: 16 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="label" {...monthAxis(rows.length)} />
        <YAxis domain={[0, 100]} unit="%" width={52} tick={{ fontSize: 12 }} />
        {/* A month joining the dashed part is in both lines: the tooltip names it once. */}
        <Tooltip payloadUniqBy={(entry) => String(entry.payload?.label)} />
        <Line
          type="monotone"
          dataKey="settled"
          name={name}
          stroke={COLOR}
          strokeWidth={2}
          dot={{ r: 3, fill: COLOR, stroke: COLOR }}
          isAnimationActive={false}
        />
        {data.some((row) => row.sofar !== null) && (
          <Line
            type="monotone"
            dataKey="sofar"
            name={`${name} so far`}
            stroke={COLOR}
            strokeWidth={2}
            strokeDasharray="5 4"
            dot={(dot: { cx?: number; cy?: number; index?: number }) => (
              <HollowDot
                key={dot.index}
                {...dot}
                shown={dot.index !== undefined && running(rows[dot.index])}
              />
            )}
            isAnimationActive={false}
          />
        )}
      </LineChart>
    </ResponsiveContainer>
  );
}
