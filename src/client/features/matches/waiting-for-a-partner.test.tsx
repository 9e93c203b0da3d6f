import type { NextPairingResponse } from "@shared/matches";
import type { AwayStatusResponse } from "@shared/partner-away";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { matchKeys } from "../../lib/api/matches";
import { NoCurrentMatch } from "./empty-states";
import { nextPairingNote } from "./next-pairing-texts";

/** The person's pages without a match, given the server's away-status and next-pairing answers. */
function renderWith(status: AwayStatusResponse, next?: NextPairingResponse) {
  const client = new QueryClient();
  client.setQueryData(matchKeys.awayStatus, status);
  if (next) client.setQueryData(matchKeys.nextPairing, next);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <NoCurrentMatch user={{ participationStatus: "active", pauseEndDate: null }} />
    </QueryClientProvider>,
  );
}

describe("someone whose partner left mid-round (docs/pairings.md, Waiting for a partner)", () => {
  it("is told they wait for a partner and who left, not that they have no match until next cycle", () => {
    const html = renderWith({
      away: null,
      waiting: { month: "2027-03", formerPartners: ["Ben Brewer"], since: "2027-03-10T09:00:00Z" },
      reportUntil: null,
    });
    expect(html).toContain("Waiting for a partner");
    expect(html).toContain("Ben Brewer can no longer take part in March 2027");
    expect(html).toContain("An admin can still pair you with someone this month");
    expect(html).not.toContain("No Current Match");
    expect(html).not.toContain("next monthly matching cycle");
  });

  it("without a waiting status keeps the plain empty state", () => {
    const html = renderWith({ away: null, waiting: null, reportUntil: null });
    expect(html).toContain("No Current Match");
    expect(html).not.toContain("Waiting for a partner");
  });

  it("asked whether they are still up for coffee chats, says what the Next Pairing card says", () => {
    const next: NextPairingResponse = { date: null, iso: null, away: "asked_if_still_in" };
    const html = renderWith({ away: null, waiting: null, reportUntil: null }, next);
    expect(html).toContain("No Current Match");
    expect(html).toContain(nextPairingNote(next).replace(/'/g, "&#x27;"));
    expect(html).not.toContain("next monthly matching cycle");
  });
});
