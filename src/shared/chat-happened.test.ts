import { describe, expect, it } from "vitest";
import { type ChatAnswers, chatHappened } from "./chat-happened";
import type { ConnectionStatus } from "./enums";
import { pastMatchState } from "./match-states";
import { matchStats } from "./matches";

const pair = (status: ChatAnswers["status"], ...answers: ConnectionStatus[]): ChatAnswers => ({
  status,
  members: answers.map((connectionStatus) => ({ connectionStatus })),
});

describe("chatHappened", () => {
  it("counts a chat once any member of a pair answered Met My Match, whatever the other said", () => {
    expect(chatHappened(pair("active", "confirmed", "pending"))).toBe(true);
    expect(chatHappened(pair("active", "pending", "confirmed"))).toBe(true);
    expect(chatHappened(pair("active", "not_confirmed", "confirmed"))).toBe(true);
    expect(chatHappened(pair("completed", "confirmed", "not_confirmed"))).toBe(true);
  });

  it("counts a match marked completed unless every member answered Missed This Month", () => {
    expect(chatHappened(pair("completed", "pending", "pending"))).toBe(true);
    expect(chatHappened(pair("completed", "not_confirmed", "pending"))).toBe(true);
    expect(chatHappened(pair("completed", "not_confirmed", "not_confirmed"))).toBe(false);
  });

  it("does not count an open match nobody said they met at", () => {
    expect(chatHappened(pair("active", "pending", "pending"))).toBe(false);
    expect(chatHappened(pair("active", "not_confirmed", "pending"))).toBe(false);
    expect(chatHappened(pair("active", "not_confirmed", "not_confirmed"))).toBe(false);
  });

  it("reads a trio's third member like the other two", () => {
    expect(chatHappened(pair("active", "pending", "pending", "confirmed"))).toBe(true);
    expect(chatHappened(pair("active", "not_confirmed", "not_confirmed", "confirmed"))).toBe(true);
    expect(chatHappened(pair("active", "pending", "pending", "pending"))).toBe(false);
    // Two of three missed it and the third has not answered: the completion still counts.
    expect(chatHappened(pair("completed", "not_confirmed", "not_confirmed", "pending"))).toBe(true);
    expect(chatHappened(pair("completed", "not_confirmed", "not_confirmed", "not_confirmed"))).toBe(
      false,
    );
  });

  it("reads a match of four like a pair: one Met counts, four Missed do not", () => {
    expect(chatHappened(pair("active", "pending", "pending", "pending", "confirmed"))).toBe(true);
    expect(
      chatHappened(pair("completed", "not_confirmed", "not_confirmed", "not_confirmed", "pending")),
    ).toBe(true);
    expect(
      chatHappened(
        pair("completed", "not_confirmed", "not_confirmed", "not_confirmed", "not_confirmed"),
      ),
    ).toBe(false);
  });
});

describe("the dashboard's stats", () => {
  it("counts as Coffee Chats the past matches whose chat happened, not only those marked completed", () => {
    const history = [
      { match: pair("active", "confirmed", "pending") },
      { match: pair("completed", "pending", "pending") },
      { match: pair("completed", "not_confirmed", "not_confirmed") },
      { match: pair("active", "pending", "pending") },
    ];
    expect(matchStats(history)).toEqual({ totalMatches: 4, coffeeChats: 2, newConnections: 2 });
  });
});

describe("pastMatchState", () => {
  it("says Met once anyone did, whatever the others said, the same whoever said it", () => {
    expect(
      pastMatchState(pair("completed", "not_confirmed", "confirmed", "pending"), "not_confirmed"),
    ).toEqual({ badge: "answer", status: "confirmed" });
    expect(pastMatchState(pair("active", "confirmed", "pending"), "confirmed")).toEqual({
      badge: "answer",
      status: "confirmed",
    });
  });

  it("says Counted as a chat, not Met, for a chat counted only because it was closed", () => {
    expect(pastMatchState(pair("completed", "pending", "pending"), "pending")).toEqual({
      badge: "counted",
    });
    expect(pastMatchState(pair("completed", "not_confirmed", "pending"), "not_confirmed")).toEqual({
      badge: "counted",
    });
  });

  it("says the reader's own answer when the chat did not happen", () => {
    expect(
      pastMatchState(pair("completed", "not_confirmed", "not_confirmed"), "not_confirmed"),
    ).toEqual({ badge: "answer", status: "not_confirmed" });
    expect(pastMatchState(pair("active", "pending", "not_confirmed"), "pending")).toEqual({
      badge: "answer",
      status: "pending",
    });
  });
});
