import type { CurrentMatchItem } from "@shared/matches";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { matchKeys } from "../../lib/api/matches";
import { AnswerButtons } from "./answer-buttons";

const partner = {
  id: "b",
  profileImageUrl: null,
  firstName: "Bea",
  lastName: "Two",
  department: "eng",
  departmentDisplayName: "Engineering",
  email: "bea@two.test",
  bio: null,
};

/** Ann's March match with Bea, still running, unanswered. */
const item: CurrentMatchItem = {
  match: {
    id: 7,
    pairingId: 3,
    user1Id: "a",
    user2Id: "b",
    user3Id: null,
    matchDate: "2027-03-01T00:00:00.000Z",
    month: "2027-03",
    status: "active",
    completedAt: null,
    user1ConnectionStatus: "pending",
    user2ConnectionStatus: "pending",
    user3ConnectionStatus: null,
    user1ConfirmedAt: null,
    user2ConfirmedAt: null,
    user3ConfirmedAt: null,
    createdAt: "2027-03-01T00:00:00.000Z",
    members: ["a", "b"].map((userId) => ({
      userId,
      connectionStatus: "pending" as const,
      confirmedAt: null,
    })),
  },
  partner,
  partners: [partner],
  myConnectionStatus: "pending",
  pairingOpen: true,
  together: { meeting: null, shared: null },
  booking: null,
};

function buttons(serverNow: string) {
  const client = new QueryClient();
  client.setQueryData(matchKeys.invitation(item.match.id), {
    invitation: { start: "2027-03-10T10:00:00.000Z", sequence: 0 },
    now: serverNow,
  });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <AnswerButtons item={item} tense="current" />
    </QueryClientProvider>,
  );
}

describe("the Met button beside a booked chat", () => {
  it("waits for the booked time by the server's clock, whatever the browser's says", () => {
    // The browser's clock a week behind the server's, which is past the booked time.
    vi.useFakeTimers({ now: new Date("2027-03-05T09:00:00Z"), toFake: ["Date"] });
    const after = buttons("2027-03-12T09:00:00.000Z");
    const before = buttons("2027-03-09T09:00:00.000Z");
    vi.useRealTimers();
    expect(after).not.toContain("You can say you met once your booked time has come.");
    expect(after).not.toContain(`disabled=""`);
    expect(before).toContain("You can say you met once your booked time has come.");
    expect(before).toContain(`disabled=""`);
  });
});
