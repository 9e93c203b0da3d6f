import type { EnhancedMetrics } from "@shared/metrics";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter, Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { metricKeys } from "../../../lib/api/admin-metrics";
import { MetricsPanel } from "./metrics-panel";

const metrics: EnhancedMetrics = {
  userMetrics: {
    totalRegistered: 4,
    pendingProfileSetup: 0,
    activeParticipants: 3,
    pausedUsers: 1,
    optedOutUsers: 0,
    participationRate: 75,
    invitedNotJoined: 0,
    byDepartment: { Sales: 4 },
  },
  matchingMetrics: {
    currentMonth: {
      month: "2027-03",
      totalMatches: 1,
      activeMatches: 1,
      completedMatches: 0,
      chatsHappened: 0,
    },
    previousMonths: [],
  },
};

/** The selected sub-tab's name and the panel drawn, with the page at `path`. */
function panelAt(path: string) {
  const client = new QueryClient();
  client.setQueryData(metricKeys.enhanced, metrics);
  const html = renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/*" element={<MetricsPanel />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const selected = /<button[^>]*aria-selected="true"[^>]*>([^<]*)</.exec(html)?.[1];
  return { selected, html };
}

describe("the Analytics & Metrics sub-tab is the address's", () => {
  it("opens the sub-tab the address names, User Analytics at /admin/metrics", () => {
    expect(panelAt("/admin/metrics").selected).toBe("User Analytics");
    expect(panelAt("/admin/metrics/matching").selected).toBe("Matching Performance");
    const operations = panelAt("/admin/metrics/operations");
    expect(operations.selected).toBe("Operations");
    expect(operations.html).toContain("System Health");
  });
});
