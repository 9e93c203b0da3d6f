import {
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";

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
        <XAxis dataKey="label" tick={{ fontSize: 12 }} />
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
