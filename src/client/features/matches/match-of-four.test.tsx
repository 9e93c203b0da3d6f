import type { CurrentMatchItem, MatchPartner } from "@shared/matches";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { matchKeys } from "../../lib/api/matches";
import { CurrentMatchCard } from "./current-match-card";
import { CurrentMatchSummary } from "./current-match-summary";
import { HistoryCard } from "./history-card";

const partner = (id: string, firstName: string): MatchPartner => ({
  id,
  profileImageUrl: null,
  firstName,
  lastName: "Four",
  department: "eng",
  departmentDisplayName: `${firstName}'s team`,
  email: `${firstName.toLowerCase()}@four.test`,
  bio: null,
});

const partners = [partner("b", "Bea"), partner("c", "Cal"), partner("d", "Dan")];
const member = (userId: string) => ({
  userId,
  connectionStatus: "pending" as const,
  confirmedAt: null,
});

/** Ann's view of her March match of four with Bea, Cal and Dan. */
const item: CurrentMatchItem = {
  match: {
    id: 7,
    pairingId: 3,
    user1Id: "a",
    user2Id: "b",
    user3Id: "c",
    matchDate: "2027-03-01T00:00:00.000Z",
    month: "2027-03",
    status: "active",
    completedAt: null,
    user1ConnectionStatus: "pending",
    user2ConnectionStatus: "pending",
    user3ConnectionStatus: "pending",
    user1ConfirmedAt: null,
    user2ConfirmedAt: null,
    user3ConfirmedAt: null,
    createdAt: "2027-03-01T00:00:00.000Z",
    members: ["a", "b", "c", "d"].map(member),
  },
  partner: partners[0],
  partners,
  myConnectionStatus: "pending",
  pairingOpen: true,
  together: {
    meeting: "In person at the Berlin office",
    shared: "You all like tea. You and Bea both like chess.",
  },
  booking: null,
};

/**
 * The server's word that a report still works (docs/matches.md): the buttons show only then; and
 * the members' time zones, which the current match card waits for.
 */
function clientWithReportWindow(yourTimeZoneConfirmed = true) {
  const client = new QueryClient();
  client.setQueryData(matchKeys.awayStatus, {
    away: null,
    waiting: null,
    reportUntil: { iso: "2027-03-17", display: "Wednesday, March 17" },
  });
  const hours = [1, 2, 3, 4, 5].map((day) => ({ day, start: "09:00", end: "17:00" }));
  client.setQueryData(matchKeys.timeZones(item.match.id), {
    members: ["a", "b", "c", "d"].map((userId) => ({
      userId,
      timeZone: "Europe/London",
      workingHours: hours,
    })),
    yourTimeZoneConfirmed,
  });
  return client;
}

const render = (node: ReactNode, yourTimeZoneConfirmed = true) =>
  renderToStaticMarkup(
    <QueryClientProvider client={clientWithReportWindow(yourTimeZoneConfirmed)}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );

describe("a match of four on the employee's pages", () => {
  it("shows all three partners with their teams and addresses on the current match card", () => {
    const html = render(<CurrentMatchCard item={item} />);
    for (const p of partners) {
      expect(html).toContain(`${p.firstName} Four`);
      expect(html).toContain(`${p.firstName}&#x27;s team`);
      expect(html).toContain(`href="mailto:${p.email}"`);
    }
    expect(html).toContain("Bea works in your time zone.");
    expect(html).toContain("In person at the Berlin office");
    expect(html).toContain("You all like tea. You and Bea both like chess.");
    // One "is away" button per partner.
    expect(html.match(/ is away</g)).toHaveLength(3);
    expect(html).not.toContain("not confirmed");
    // The booking box, loaded after the card, and the button to choose a time oneself.
    expect(html).toContain("Loading times...");
    expect(html).toContain("Schedule Coffee Chat");
  });

  it('offers no "is away" button, no times to book nor Schedule Coffee Chat once anyone in the match answered Met (docs/matches.md)', () => {
    const members = item.match.members.map((m) =>
      m.userId === "c" ? { ...m, connectionStatus: "confirmed" as const } : m,
    );
    const met = { ...item, match: { ...item.match, members } };
    const html = render(<CurrentMatchCard item={met} />);
    expect(html).toContain("Cal Four");
    expect(html).not.toContain(" is away<");
    expect(html).not.toContain("You can tell us a partner is away");
    // Nor times to book: the chat happened (docs/matches.md, "Booking a time").
    expect(html).not.toContain("Loading times...");
    expect(html).not.toContain("Schedule Coffee Chat");
  });

  it("says which zone its times are in, and links to the Profile's question, while the reader has not confirmed it", () => {
    const text = (html: string) => html.replace(/<[^>]+>/g, "").replace(/&#x27;/g, "'");
    const html = render(<CurrentMatchCard item={item} />, false);
    expect(text(html)).toContain(
      "The times here are in United Kingdom Time (Europe/London), a time zone you have not confirmed yet. Confirm your time zone on your Profile.",
    );
    expect(html).toMatch(
      /<a[^>]*href="\/profile#time-zone"[^>]*>Confirm your time zone on your Profile<\/a>/,
    );
  });

  it("says one thing on a past card whose members answered differently (docs/matches.md)", () => {
    const past = (
      status: "active" | "completed",
      answers: Record<string, string>,
      mine: string,
    ) => {
      const members = item.match.members.map((m) => ({
        ...m,
        connectionStatus: (answers[m.userId] ?? "pending") as "pending",
      }));
      const match = { ...item.match, status, members };
      const html = render(
        <HistoryCard
          item={{ ...item, match, myConnectionStatus: mine as "pending", pairingOpen: false }}
        />,
      );
      return html.match(/data-testid="match-state"[^>]*>(.*?)<\/div>/)?.[1] ?? "";
    };
    const text = (html: string) => html.replace(/<[^>]+>/g, "").replace(/&#x27;/g, "'");
    // Ann said Missed, Cal said Met: the chat happened, so the card says Met alone.
    const metAndMissed = past("completed", { a: "not_confirmed", c: "confirmed" }, "not_confirmed");
    expect(text(metAndMissed)).toBe("Met");
    // The reader's own Met reads the same: one set of labels, nothing before them.
    expect(text(past("completed", { a: "confirmed" }, "confirmed"))).toBe("Met");
    // Ann said Missed, nobody said Met, the round's completion closed it: counted, not "Met".
    const closed = past("completed", { a: "not_confirmed" }, "not_confirmed");
    expect(text(closed)).toBe("Counted as a chat");
    expect(text(past("completed", {}, "pending"))).toBe("Counted as a chat");
    const allMissed = {
      a: "not_confirmed",
      b: "not_confirmed",
      c: "not_confirmed",
      d: "not_confirmed",
    };
    expect(text(past("completed", allMissed, "not_confirmed"))).toBe("Didn't meet");
  });

  it("names all three partners in a history card and the dashboard summary", () => {
    const history = render(<HistoryCard item={{ ...item, pairingOpen: false }} />);
    expect(history).toContain("Bea Four &amp; Cal Four &amp; Dan Four");
    const summary = render(<CurrentMatchSummary item={item} loading={false} user={{} as never} />);
    expect(summary.match(/<h3[^>]*>[^<]+ Four<\/h3>/g)).toHaveLength(3);
    expect(summary).toContain("In person at the Berlin office");
    expect(summary).toContain("You all like tea. You and Bea both like chess.");
    // The history keeps no such line: it is the running match's.
    expect(history).not.toContain("Berlin office");
  });

  it("shows a completed match's booked chat in the history while it is still to come", () => {
    const past = { ...item, pairingOpen: false, booking: { start: "2027-03-16T15:00:00.000Z" } };
    vi.useFakeTimers({ now: new Date("2027-03-12T09:00:00Z"), toFake: ["Date"] });
    try {
      expect(render(<HistoryCard item={past} />)).toMatch(
        /Booked: Tue, Mar 16, [^<]+\. The round is over, but your calendar invitation stays\./,
      );
      vi.setSystemTime(new Date("2027-03-16T15:00:00Z"));
      expect(render(<HistoryCard item={past} />)).not.toContain("Booked:");
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the match's booked time on the dashboard, whoever booked it, in the reader's zone", () => {
    expect(
      render(<CurrentMatchSummary item={item} loading={false} user={{} as never} />),
    ).not.toContain("Booked:");
    const booked = { ...item, booking: { start: "2027-03-16T15:00:00.000Z" } };
    const summary = render(
      <CurrentMatchSummary item={booked} loading={false} user={{} as never} />,
    );
    expect(summary).toContain("Booked: Tue, Mar 16, 15:00 United Kingdom Time (Europe/London)");
  });
});
