import { sql } from "drizzle-orm";
import { PUBLIC_FIGURES_MAX_AGE_SECONDS, type PublicFigures } from "../../shared/public-figures";
import type { AppContext } from "../context";
import { utcDayOf } from "../dates/month-dates";
import { users } from "../db/schema";
import { eligibleSql } from "../pairings/scope/scope";
import { joinWhitelistEntry, whitelistEntryId } from "../pairings/scope/whitelist-join";
import { getCompanySettings } from "../settings/company-settings";
import { matchesForFigures, matchFigureColumns } from "./figures";

/**
 * The landing page's figures (docs/admin-console.md, "The landing page's figures"): people taking
 * part, counted as the next pairing would pair them (eligibleSql), and chats that happened with the
 * one definition (src/shared/chat-happened.ts), in one statement.
 *
 * Shown only when an admin turned them on (company settings; off by default): a company's live
 * counts are not for anonymous visitors unless it says so. The switch reaches the page within the
 * five minutes each process keeps the answer.
 *
 * Concurrency: read-only. Anyone may ask, so each process keeps the answer for
 * PUBLIC_FIGURES_MAX_AGE_SECONDS (by ctx.clock) and visitors arriving while it is being counted
 * share that one query: a crowd on the landing page costs one query per five minutes.
 */
export function publicFiguresReader(ctx: AppContext): () => Promise<PublicFigures> {
  let kept: { until: number; figures: Promise<PublicFigures> } | null = null;
  return () => {
    const now = ctx.clock.now().getTime();
    if (kept && now < kept.until) return kept.figures;
    const figures = shownPublicFigures(ctx);
    const entry = { until: now + PUBLIC_FIGURES_MAX_AGE_SECONDS * 1000, figures };
    kept = entry;
    // A failed count is not kept: the next visitor asks again.
    figures.catch(() => {
      if (kept === entry) kept = null;
    });
    return figures;
  };
}

/** Zeros (the page then claims nothing) unless an admin turned the public figures on. */
async function shownPublicFigures(ctx: AppContext): Promise<PublicFigures> {
  const { showPublicFigures } = await getCompanySettings(ctx.db);
  if (!showPublicFigures) return { peopleTakingPart: 0, chatsHappened: 0 };
  return countPublicFigures(ctx);
}

export async function countPublicFigures(ctx: AppContext): Promise<PublicFigures> {
  const today = utcDayOf(ctx.clock.now());
  // Each person's whitelist entry joined once, not looked up per person (whitelist-join.ts).
  const takingPart = joinWhitelistEntry(
    ctx.db
      .select({ n: sql<number>`count(*)::int`.as("n") })
      .from(users)
      .$dynamic(),
  )
    .where(eligibleSql(today, whitelistEntryId))
    .as("taking_part");
  const perMatch = matchesForFigures(ctx.db);
  const [row] = await ctx.db
    .select({
      peopleTakingPart: sql<number>`(select ${takingPart.n} from ${takingPart})`,
      chatsHappened: matchFigureColumns(perMatch).chatsHappened,
    })
    .from(perMatch);
  return { peopleTakingPart: row.peopleTakingPart, chatsHappened: row.chatsHappened };
}
