import { Readable } from "node:stream";
import { pairingRows, pairingsCsv } from "../../../shared/current-pairing-rows";
import type { CurrentPairingsFilter } from "../../../shared/current-pairings-query";
import type { PreviewMatch } from "../../../shared/pairings";
import type { AppContext } from "../../context";
import { presentPairing } from "../scope/present";
import { matchFilterSql } from "./current-match-filters";
import { activePairings, matchesAfter, presentMatches } from "./current-pairings";

/** Matches read and written per slice: a few statements each, whatever the company's size. */
const SLICE = 1000;

/**
 * Every match of the running pairings that fits the filters, as the table's CSV (the shared
 * `pairingsCsv`, which makes formula-like cells safe), written a slice at a time while the rows
 * are read in the table's order, so neither the server nor the browser holds the whole list
 * (docs/pairings.md, "Current pairings").
 */
export async function currentPairingsCsv(
  ctx: AppContext,
  filter: CurrentPairingsFilter,
): Promise<Readable> {
  const active = await activePairings(ctx);
  const ids = active.map((p) => p.id);
  const where = await matchFilterSql(ctx, filter, ids);
  const shownIds =
    filter.pairingId === undefined ? ids : ids.filter((id) => id === filter.pairingId);
  const summaries = active.map(presentPairing);
  async function* lines() {
    let after: { pairingId: number; matchId: number } | undefined;
    for (;;) {
      const slice = await matchesAfter(ctx, shownIds, where, after, SLICE);
      if (slice.length === 0) {
        if (!after) yield pairingsCsv([]);
        return;
      }
      const matchesByPairing: Record<string, PreviewMatch[]> = {};
      for (const { pairingId, preview } of await presentMatches(ctx, slice, false)) {
        const list = matchesByPairing[String(pairingId)] ?? [];
        list.push(preview);
        matchesByPairing[String(pairingId)] = list;
      }
      const rows = pairingRows({ pairings: summaries, matchesByPairing });
      yield after ? `\r\n${pairingsCsv(rows, { header: false })}` : pairingsCsv(rows);
      const last = slice[slice.length - 1];
      after = { pairingId: last.pairingId, matchId: last.id };
      if (slice.length < SLICE) return;
    }
  }
  return Readable.from(lines());
}
