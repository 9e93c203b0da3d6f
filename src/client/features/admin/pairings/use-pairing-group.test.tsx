import { defaultPairingSchedule, defaultRoundSettings, type RoundsOverview } from "@shared/rounds";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { roundKeys } from "../../../lib/api/admin-rounds";
import { usePairingGroup } from "./use-pairing-group";

const emptyRound = {
  month: "2027-01",
  monthLabel: "January 2027",
  pairingDay: "2027-01-04",
  pairingId: null,
  draft: null,
  steps: [],
  earlierRuns: [],
};

function MonthProbe() {
  return <output>{usePairingGroup().month ?? "unknown"}</output>;
}

function monthShown(overview?: RoundsOverview) {
  const client = new QueryClient();
  if (overview) client.setQueryData(roundKeys.overview, overview);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MonthProbe />
    </QueryClientProvider>,
  );
}

describe("the month Admin Actions generates", () => {
  afterEach(() => vi.useRealTimers());

  it("is the UTC month of the server's time, whatever the browser's clock says", () => {
    // The browser already in January; on the server it is the last evening of December in UTC.
    vi.useFakeTimers({ now: new Date("2027-01-01T08:00:00Z"), toFake: ["Date"] });
    const overview: RoundsOverview = {
      timeZone: "Europe/Berlin",
      now: "2026-12-31T23:30:00.000Z",
      companySchedule: defaultPairingSchedule,
      scopes: [
        {
          scopeKey: "all",
          label: "All Users",
          domainGroupId: null,
          people: 2,
          ready: 2,
          settings: defaultRoundSettings,
          current: null,
          next: emptyRound,
        },
      ],
    };
    expect(monthShown(overview)).toBe("<output>2026-12</output>");
  });

  it("is not guessed from the browser before the server's answer is read", () => {
    vi.useFakeTimers({ now: new Date("2027-01-01T08:00:00Z"), toFake: ["Date"] });
    expect(monthShown()).toBe("<output>unknown</output>");
  });
});
