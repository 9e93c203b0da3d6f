import type { Connections } from "@shared/connections";
import { shortMonth } from "@shared/date-text";
import { percent } from "@shared/metric-figures";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartFigure } from "../chart-figure";
import { formatPercent } from "../metrics-queries";
import { PercentLineChart } from "../percent-line-chart";
import { HIDDEN } from "./department-map";

/**
 * What a month's hidden coverage reads: it is hidden for the people who had a chat that month,
 * fewer than the threshold (docs/privacy.md, "Figures about few people"), not for its pairs; a
 * month still running (`runningMonths`) may yet have more.
 */
const hiddenCoverage = (minCell: number, running: boolean) =>
  running
    ? `${HIDDEN}: this month is still running, and fewer than ${minCell} people have had a chat so far`
    : `${HIDDEN}: fewer than ${minCell} people had a chat this month`;

/** The caption's words for the gaps in the line: months over, months still running, or both. */
function gapsLine(months: Array<{ connected: number | null; running: boolean }>, minCell: number) {
  const hidden = months.filter((m) => m.connected === null);
  if (hidden.length === 0) return "";
  if (hidden.every((m) => m.running)) {
    return `; a gap is a month still running in which fewer than ${minCell} people have had a chat so far`;
  }
  const gap = `; a gap is a month hidden because fewer than ${minCell} people had a chat in it`;
  return hidden.some((m) => m.running) ? `${gap} (so far, for a month still running)` : gap;
}

/**
 * The caption's word for a month still running that has a figure: the line's dashed end, "so far"
 * (its chats are still to come, so it is no drop against the months over).
 */
const partialLine = (months: Array<{ share: number | null; running: boolean }>) =>
  months.some((m) => m.running && m.share !== null)
    ? "; dashed to a hollow dot: a month still running, so far"
    : "";

/** A figure beside the map: hidden when about few people or made of a hidden cell. */
const beside = (value: number | null, format: (v: number) => string = String) =>
  value === null ? HIDDEN : format(value);

const coverageText = (share: number, running: boolean) =>
  running ? `${formatPercent(share)} so far` : formatPercent(share);

/** Coverage month by month: department pairs connected by a chat, of the pairs possible. */
export function CoverageChart({ data }: { data: Connections }) {
  const months = data.coverage.map((c) => ({
    label: shortMonth(c.month),
    share: c.connected === null || c.possible === 0 ? null : percent(c.connected, c.possible),
    running: data.runningMonths.includes(c.month),
    ...c,
  }));
  const gaps = gapsLine(months, data.minCell);
  const partial = partialLine(months);
  return (
    <ChartFigure
      caption={`Coverage: department pairs connected by at least one chat, per month${gaps}${partial}`}
      columns={["Month", "Coverage", "Pairs connected", "Pairs possible"]}
      rows={months.map((m) => [
        m.label,
        m.connected === null ? HIDDEN : m.share === null ? "–" : coverageText(m.share, m.running),
        m.connected === null ? hiddenCoverage(data.minCell, m.running) : m.connected,
        m.possible,
      ])}
    >
      <PercentLineChart rows={months} dataKey="share" name="Coverage" running={(m) => m.running} />
    </ChartFigure>
  );
}

/** Reach: how many people met how many distinct colleagues in the period. */
export function ReachChart({ data }: { data: Connections }) {
  const bars = data.reach.histogram.map((b) => ({ ...b, value: b.people ?? 0 }));
  // Bars beyond the first ("0 colleagues"): without one, the chart would be an empty frame or a
  // single bar saying nobody met anyone, so a sentence says why it is not drawn.
  if (!bars.slice(1).some((b) => b.value > 0)) {
    return (
      <section aria-label="Reach" className="space-y-1">
        <h4 className="font-semibold text-coffee-950">Reach</h4>
        <p className="text-sm text-coffee-700">
          {bars.slice(1).some((b) => b.people === null)
            ? `Hidden: its bars count fewer than ${data.minCell} people, or would give such a bar away.`
            : "Nobody has met a colleague through the programme in this period yet."}
        </p>
      </section>
    );
  }
  return (
    <ChartFigure
      caption="Reach: people by the number of distinct colleagues they met"
      columns={["Colleagues met", "People"]}
      rows={data.reach.histogram.map((b) => [b.label, beside(b.people)])}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart accessibilityLayer={false} data={bars} margin={{ top: 12, right: 16 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} />
          <YAxis allowDecimals={false} width={44} tick={{ fontSize: 12 }} />
          <Tooltip />
          <Bar dataKey="value" name="People" fill="#644029" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

/** A department's E-I index month by month as a small line; gaps where it is hidden. */
function Trend({ values }: { values: Array<number | null> }) {
  const w = 96;
  const h = 24;
  const x = (i: number) => (values.length < 2 ? w / 2 : (i / (values.length - 1)) * w);
  const y = (v: number) => h / 2 - (v * h) / 2;
  const segments: string[][] = [[]];
  values.forEach((v, i) => {
    if (v === null) segments.push([]);
    else segments[segments.length - 1].push(`${x(i).toFixed(1)},${y(v).toFixed(1)}`);
  });
  return (
    <svg width={w} height={h} viewBox={`0 -1 ${w} ${h + 2}`} aria-hidden="true">
      <line x1={0} x2={w} y1={h / 2} y2={h / 2} stroke="#d6c3b0" strokeDasharray="2 2" />
      {segments
        .filter((s) => s.length > 0)
        .map((s) =>
          s.length === 1 ? (
            <circle
              key={s[0]}
              cx={s[0].split(",")[0]}
              cy={s[0].split(",")[1]}
              r={2}
              fill="#b45309"
            />
          ) : (
            <polyline
              key={s.join(" ")}
              points={s.join(" ")}
              fill="none"
              stroke="#b45309"
              strokeWidth={1.5}
            />
          ),
        )}
    </svg>
  );
}

const signed = (v: number) => (v > 0 ? `+${v.toFixed(2)}` : v.toFixed(2));

/** Each department's E-I index over the period, with its month-by-month trend. */
export function EiIndexTable({ data }: { data: Connections }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="mb-2 text-left text-sm text-coffee-800">
          E-I index per department: −1 when its people met only each other, +1 when they met only
          other departments; “hidden” when its row of the map hides a cell, “–” without a chat
        </caption>
        <thead>
          <tr className="text-left">
            <th scope="col" className="py-1 pr-2 font-medium">
              Department
            </th>
            <th scope="col" className="py-1 pr-2 font-medium">
              E-I index
            </th>
            <th scope="col" className="py-1 font-medium">
              Month by month
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-coffee-200">
          {data.departments.map((d, row) => {
            const rowHidden = data.met[row]?.some((value) => value === null) ?? false;
            const trend = data.eiTrend.map((m) => m.eiIndex[d] ?? null);
            const spoken = data.eiTrend
              .map((m, i) => `${shortMonth(m.month)} ${beside(trend[i], signed)}`)
              .join(", ");
            return (
              <tr key={d}>
                <th scope="row" className="py-1 pr-2 text-left font-normal">
                  {d}
                </th>
                <td className="py-1 pr-2 tabular-nums">
                  {rowHidden ? "hidden" : data.eiIndex[d] == null ? "–" : signed(data.eiIndex[d])}
                </td>
                <td className="py-1">
                  <Trend values={trend} />
                  <span className="sr-only">{spoken}</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
