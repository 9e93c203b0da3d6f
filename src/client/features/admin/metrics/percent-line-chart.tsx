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

/** One percentage per month as a line from 0 to 100 %, inside a ChartFigure with its table. */
export function PercentLineChart<Row extends { label: string }>({
  rows,
  dataKey,
  name,
}: {
  rows: Row[];
  dataKey: keyof Row & string;
  name: string;
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart accessibilityLayer={false} data={rows} margin={{ top: 12, right: 16 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="label" {...monthAxis(rows.length)} />
        <YAxis domain={[0, 100]} unit="%" width={52} tick={{ fontSize: 12 }} />
        <Tooltip />
        <Line
          type="monotone"
          dataKey={dataKey}
          name={name}
          stroke="#b45309"
          strokeWidth={2}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
