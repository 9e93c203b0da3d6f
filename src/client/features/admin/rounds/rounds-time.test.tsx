import {
  type ActivityPage,
  defaultPairingSchedule,
  defaultRoundSettings,
  type RoundsOverview,
  type RoundView,
} from "@shared/rounds";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { roundKeys } from "../../../lib/api/admin-rounds";
import { ActivityCard } from "./activity-card";
import { RoundsCard } from "./rounds-card";

/** The server's time: Sunday 6 December 2026, the check-in still a week away. */
const SERVER_NOW = "2026-12-06T12:00:00.000Z";

const next: RoundView = {
  month: "2027-01",
  monthLabel: "January 2027",
  pairingDay: "2027-01-04",
  pairingId: null,
  draft: null,
  steps: [],
  earlierRuns: [],
};
const current: RoundView = {
  ...next,
  month: "2026-12",
  monthLabel: "December 2026",
  pairingDay: "2026-12-07",
  pairingId: 7,
  steps: [
    {
      step: "check-in",
      at: "2026-12-14T08:00:00.000Z",
      state: "pending",
      doneAt: null,
      note: null,
    },
  ],
};
const overview: RoundsOverview = {
  timeZone: "UTC",
  now: SERVER_NOW,
  companySchedule: defaultPairingSchedule,
  scopes: [
    {
      scopeKey: "all",
      label: "All Users",
      domainGroupId: null,
      people: 4,
      ready: 4,
      settings: defaultRoundSettings,
      current,
      next,
    },
  ],
};

function render(card: ReactNode, activity?: ActivityPage) {
  const client = new QueryClient();
  client.setQueryData(roundKeys.overview, overview);
  if (activity) client.setQueryData(roundKeys.activity, { pages: [activity], pageParams: [null] });
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <QueryClientProvider client={client}>{card}</QueryClientProvider>
    </MemoryRouter>,
  );
  return html.replace(/<!-- -->/g, "");
}

/** A browser whose clock is two weeks ahead of the server's, in the next year. */
const browserAhead = () =>
  vi.useFakeTimers({ now: new Date("2027-01-02T12:00:00Z"), toFake: ["Date"] });

describe("the rounds' screens read the server's time, not the browser's", () => {
  afterEach(() => vi.useRealTimers());

  it("shows a check-in still to come by the server's clock as Scheduled, not Due", () => {
    browserAhead();
    const html = render(<RoundsCard />);
    expect(html).toMatch(/Check-in<\/span>.*?>Scheduled</);
    expect(html).not.toContain(">Due<");
  });

  it("writes the year of an activity line from another year than the server's", () => {
    browserAhead();
    const line = (id: number, at: string, detail: string) => ({
      id,
      at,
      kind: "note",
      detail,
      userId: null,
      userName: null,
      byName: null,
      scopeKey: null,
      month: null,
    });
    const html = render(<ActivityCard />, {
      items: [
        line(2, "2026-12-01T09:00:00.000Z", "This year's line."),
        line(1, "2025-11-02T09:00:00.000Z", "Last year's line."),
      ],
      nextBefore: null,
    });
    expect(html).toContain("Tue, Dec 1, 09:00 UTC</time>This year&#x27;s line.");
    expect(html).toContain("Sun, Nov 2, 2025, 09:00 UTC</time>Last year&#x27;s line.");
  });
});
