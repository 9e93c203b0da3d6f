import type { AdminStats } from "../../shared/metrics";
import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import { matchesForFigures, matchFigureColumns } from "./figures";
import { keptMatchFigures } from "./kept-match-figures";

/**
 * Active matches, completed chats and chats that happened, all time, by the one definition of
 * each (figures.ts): one aggregate over every match with its members' answers. An active match
 * and a completed chat are never the same match.
 */
export function getAdminStats(ctx: AppContext): Promise<AdminStats> {
  return keptMatchFigures(ctx.db, "all-time stats", (tx) => countStats(tx));
}

async function countStats(tx: Tx): Promise<AdminStats> {
  const perMatch = matchesForFigures(tx);
  const { activeMatches, completedChats, chatsHappened } = matchFigureColumns(perMatch);
  const [row] = await tx.select({ activeMatches, completedChats, chatsHappened }).from(perMatch);
  return row;
}
