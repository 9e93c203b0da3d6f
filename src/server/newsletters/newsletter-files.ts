import { desc, eq, inArray } from "drizzle-orm";
import { type NewsletterFile, newsletterFilesSchema } from "../../shared/newsletters";
import {
  activePairingFile,
  parseActivePairingFile,
  readablePairingName,
} from "../../shared/pairing-file-names";
import type { AppContext } from "../context";
import { completedPairings, pairings } from "../db/schema";
import { companyHasGroups } from "../directory/groups/find-group";

/**
 * What a completed record's name is made of: never its `content`, the whole pairing (megabytes at
 * 100,000 people), which the send log lists read once per log (docs/performance.md, "Company scale").
 */
const recordNameColumns = {
  fileName: completedPairings.fileName,
  month: completedPairings.month,
  runOfMonth: completedPairings.runOfMonth,
  domainGroupId: completedPairings.domainGroupId,
  domainGroupName: completedPairings.domainGroupName,
};

/**
 * What a newsletter can announce: every active pairing (what employees see as their current match,
 * newest first) and then the completed records, each named as people read it (no group label
 * when the company has no groups). A record whose pairing still exists says the name a newsletter
 * linked while that pairing ran holds, since both name the same pairing.
 */
export async function listNewsletterFiles(ctx: AppContext): Promise<NewsletterFile[]> {
  const active = await ctx.db
    .select()
    .from(pairings)
    .where(eq(pairings.status, "active"))
    .orderBy(desc(pairings.month), desc(pairings.id));
  const completed = await ctx.db
    .select({
      fileName: completedPairings.fileName,
      month: completedPairings.month,
      runOfMonth: completedPairings.runOfMonth,
      domainGroupName: completedPairings.domainGroupName,
      matchCount: completedPairings.matchCount,
      pairingId: pairings.id,
    })
    .from(completedPairings)
    .leftJoin(pairings, eq(pairings.id, completedPairings.pairingId))
    .orderBy(desc(completedPairings.month), desc(completedPairings.id));
  const named = await companyHasGroups(ctx.db);
  return newsletterFilesSchema.parse([
    ...active.map((p) => ({
      fileName: activePairingFile(p.id),
      displayName: `${readablePairingName(p, named)} (current)`,
      status: "active",
      totalPairs: p.totalPairs,
      runningFileName: null,
    })),
    ...completed.map((c) => ({
      fileName: c.fileName,
      displayName: readablePairingName(c, named),
      status: "completed",
      totalPairs: c.matchCount,
      runningFileName: c.pairingId === null ? null : activePairingFile(c.pairingId),
    })),
  ]);
}

/** The readable name (as the picker names it) and domain group of a linked pairing, or null when it is gone. */
export async function describePairing(
  ctx: AppContext,
  pairingFile: string | null,
): Promise<{ displayName: string; domainGroupId: number | null } | null> {
  if (!pairingFile) return null;
  const named = await companyHasGroups(ctx.db);
  const activeId = parseActivePairingFile(pairingFile);
  if (activeId !== null) {
    const [p] = await ctx.db.select().from(pairings).where(eq(pairings.id, activeId));
    return p
      ? { displayName: readablePairingName(p, named), domainGroupId: p.domainGroupId }
      : null;
  }
  const [c] = await ctx.db
    .select(recordNameColumns)
    .from(completedPairings)
    .where(eq(completedPairings.fileName, pairingFile));
  return c ? { displayName: readablePairingName(c, named), domainGroupId: c.domainGroupId } : null;
}

/**
 * The readable names of many linked pairings at once (two reads whatever their number), keyed
 * by `pairingFile`; a pairing that is gone has no entry.
 */
export async function pairingDisplayNames(
  ctx: AppContext,
  pairingFiles: readonly (string | null)[],
): Promise<Map<string, string>> {
  const files = [...new Set(pairingFiles.filter((f): f is string => Boolean(f)))];
  const activeIds = files.map(parseActivePairingFile).filter((id): id is number => id !== null);
  const completedFiles = files.filter((f) => parseActivePairingFile(f) === null);
  const names = new Map<string, string>();
  if (files.length === 0) return names;
  const named = await companyHasGroups(ctx.db);
  if (activeIds.length > 0) {
    const rows = await ctx.db.select().from(pairings).where(inArray(pairings.id, activeIds));
    for (const p of rows) names.set(activePairingFile(p.id), readablePairingName(p, named));
  }
  if (completedFiles.length > 0) {
    const rows = await ctx.db
      .select(recordNameColumns)
      .from(completedPairings)
      .where(inArray(completedPairings.fileName, completedFiles));
    for (const c of rows) names.set(c.fileName, readablePairingName(c, named));
  }
  return names;
}
