import type { Connections } from "@shared/connections";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { metricKeys } from "../../../../lib/api/admin-metrics";
import { ConnectionsPanel } from "./connections-panel";

/** The server's answer for October 2026 to March 2027, every pairing. */
const answer: Connections = {
  from: "2026-10",
  to: "2027-03",
  domainGroupId: null,
  departments: ["Sales"],
  met: [[0]],
  matched: [[0]],
  eiIndex: {},
  eiTrend: [],
  coverage: [],
  reach: { people: 0, median: null, p90: null, histogram: [] },
  crossShare: null,
  chats: 0,
  minCell: 5,
  countedAt: "2027-03-20T12:00:00.000Z",
  stale: false,
  firstMonth: "2026-01",
  runningMonths: ["2027-03"],
};

describe("the Connections panel's period", () => {
  afterEach(() => vi.useRealTimers());

  it("opens on the server's month and the five before it, whatever the browser's clock says", () => {
    // A browser whose clock is years off.
    vi.useFakeTimers({ now: new Date("2031-08-15T12:00:00Z"), toFake: ["Date"] });
    const client = new QueryClient();
    client.setQueryData(
      metricKeys.connections({ from: "2026-10", to: "2027-03", domainGroupId: "" }),
      answer,
    );
    const html = renderToStaticMarkup(
      <QueryClientProvider client={client}>
        <ConnectionsPanel thisMonth="2027-03" />
      </QueryClientProvider>,
    );
    const picked = (name: string) =>
      html.match(new RegExp(`id="[^"]+-${name}" value="([^"]*)"`))?.[1];
    expect([picked("from"), picked("to")]).toEqual(["2026-10", "2027-03"]);
    expect(html.replace(/<!-- -->/g, "")).toContain("October 2026 to March 2027");
    // The answer the server gave for that period is the one drawn.
    expect(html).toContain("Counted at");
  });
});
