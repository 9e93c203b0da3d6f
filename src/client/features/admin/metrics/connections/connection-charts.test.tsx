import type { Connections } from "@shared/connections";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { splitRunning } from "../percent-line-chart";
import { CoverageChart } from "./connection-charts";

const answer = (coverage: Connections["coverage"], runningMonths: string[] = []): Connections => ({
  from: "2027-02",
  to: "2027-03",
  domainGroupId: null,
  departments: [],
  met: [],
  matched: [],
  eiIndex: {},
  eiTrend: [],
  coverage,
  reach: { people: null, median: null, p90: null, histogram: [] },
  crossShare: null,
  chats: null,
  minCell: 5,
  countedAt: "2027-03-31T12:00:00.000Z",
  stale: false,
  firstMonth: "2027-02",
  runningMonths,
});

/** The rows of the chart's table, each as its cells' words. */
function tableRows(data: Connections): string[][] {
  const html = renderToStaticMarkup(<CoverageChart data={data} />);
  return [...html.matchAll(/<tr>(.*?)<\/tr>/g)].map((row) =>
    [...row[1].matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((cell) =>
      cell[1].replace(/<!-- -->/g, ""),
    ),
  );
}

describe("the Connections coverage chart", () => {
  it("says a hidden month is hidden for the few people who had a chat, not for its pairs", () => {
    const data = answer([
      { month: "2027-02", connected: null, possible: 6 },
      { month: "2027-03", connected: 3, possible: 6 },
    ]);
    expect(tableRows(data).slice(1)).toEqual([
      ["Feb 2027", "hidden", "hidden: fewer than 5 people had a chat this month", "6"],
      ["Mar 2027", "50%", "3", "6"],
    ]);
    expect(renderToStaticMarkup(<CoverageChart data={data} />)).toContain(
      "a gap is a month hidden because fewer than 5 people had a chat in it",
    );
  });

  it("says a month still running is hidden for the few chats so far, not for the month", () => {
    const running = answer(
      [
        { month: "2027-02", connected: 3, possible: 6 },
        { month: "2027-03", connected: null, possible: 6 },
      ],
      ["2027-03"],
    );
    expect(tableRows(running).slice(1)).toEqual([
      ["Feb 2027", "50%", "3", "6"],
      [
        "Mar 2027",
        "hidden",
        "hidden: this month is still running, and fewer than 5 people have had a chat so far",
        "6",
      ],
    ]);
    const words = renderToStaticMarkup(<CoverageChart data={running} />);
    expect(words).toContain(
      "a gap is a month still running in which fewer than 5 people have had a chat so far",
    );
    expect(words).not.toContain("had a chat this month");

    const both = answer(
      [
        { month: "2027-02", connected: null, possible: 6 },
        { month: "2027-03", connected: null, possible: 6 },
      ],
      ["2027-03"],
    );
    expect(tableRows(both)[1][2]).toBe("hidden: fewer than 5 people had a chat this month");
    expect(renderToStaticMarkup(<CoverageChart data={both} />)).toContain(
      "a gap is a month hidden because fewer than 5 people had a chat in it (so far, for a month still running)",
    );
  });

  it("marks the running month's figure as so far, in the caption and the table", () => {
    // March is still running: 1 of 6 pairs so far, no drop against February's 3.
    const data = answer(
      [
        { month: "2027-02", connected: 3, possible: 6 },
        { month: "2027-03", connected: 1, possible: 6 },
      ],
      ["2027-03"],
    );
    expect(tableRows(data).slice(1)).toEqual([
      ["Feb 2027", "50%", "3", "6"],
      ["Mar 2027", "16.7% so far", "1", "6"],
    ]);
    expect(renderToStaticMarkup(<CoverageChart data={data} />)).toContain(
      "dashed to a hollow dot: a month still running, so far",
    );
    const over = answer(data.coverage, []);
    expect(renderToStaticMarkup(<CoverageChart data={over} />)).not.toContain("so far");
  });

  it("explains no gap when every month is shown", () => {
    const data = answer([{ month: "2027-03", connected: 0, possible: 0 }]);
    const words = renderToStaticMarkup(<CoverageChart data={data} />).replace(/<[^>]+>/g, " ");
    expect(words).not.toMatch(/hidden|gap/);
    expect(tableRows(data)[1]).toEqual(["Mar 2027", "–", "0", "0"]);
  });
});

describe("a month line's running part", () => {
  it("draws months over solid and a running month dashed, joined at the month before it", () => {
    const rows = [
      { month: "2027-01", share: 40 },
      { month: "2027-02", share: 50 },
      { month: "2027-03", share: 17 },
    ];
    const split = splitRunning(
      rows,
      (row) => row.share,
      (row) => row.month === "2027-03",
    );
    expect(split.map((row) => [row.settled, row.sofar])).toEqual([
      [40, null],
      [50, 50],
      [null, 17],
    ]);
  });
});
