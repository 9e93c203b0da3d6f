import { desc, eq } from "drizzle-orm";
import { ALL_USERS_LABEL } from "../../../shared/pairing-file-names";
import {
  type CompletedPairingContent,
  type CompletedPairingFile,
  monthDisplay,
  type PairingReferencesResponse,
  pairingFileNamePattern,
} from "../../../shared/pairings";
import type { AppContext } from "../../context";
import { completedPairings } from "../../db/schema";
import { companyHasGroups } from "../../directory/groups/find-group";
import { NotFound } from "../../errors";
import { pairingGroupLabel, readablePairingName } from "./file-names";

const notFound = () => new NotFound("Pairing file not found");

export async function listCompletedPairingFiles(ctx: AppContext): Promise<CompletedPairingFile[]> {
  const rows = await ctx.db
    .select({
      fileName: completedPairings.fileName,
      month: completedPairings.month,
      runOfMonth: completedPairings.runOfMonth,
      domainGroupName: completedPairings.domainGroupName,
      matchCount: completedPairings.matchCount,
      createdAt: completedPairings.createdAt,
    })
    .from(completedPairings)
    .orderBy(
      desc(completedPairings.month),
      desc(completedPairings.createdAt),
      desc(completedPairings.id),
    );
  const named = await companyHasGroups(ctx.db);
  return rows.map((row) => ({
    fileName: row.fileName,
    displayName: readablePairingName(row, named),
    monthDisplay: monthDisplay(row.month),
    groupDisplay: pairingGroupLabel(row.domainGroupName, named),
    matchCount: row.matchCount,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** A stored record by its name; names are looked up in the database only, never on disk. */
export async function getCompletedPairingContent(
  ctx: AppContext,
  fileName: string,
): Promise<CompletedPairingContent> {
  if (!pairingFileNamePattern.test(fileName)) throw notFound();
  const [row] = await ctx.db
    .select({ content: completedPairings.content })
    .from(completedPairings)
    .where(eq(completedPairings.fileName, fileName));
  if (!row) throw notFound();
  return row.content as CompletedPairingContent;
}

export async function deleteCompletedPairingFile(
  ctx: AppContext,
  fileName: string,
): Promise<{ message: string }> {
  if (!pairingFileNamePattern.test(fileName)) throw notFound();
  const deleted = await ctx.db
    .delete(completedPairings)
    .where(eq(completedPairings.fileName, fileName))
    .returning({ id: completedPairings.id });
  if (deleted.length === 0) throw notFound();
  return { message: `Deleted pairing file ${fileName}` };
}

/**
 * The pairing references a newsletter can link (the spec's "pairing groups"), listed by their
 * scope's label: each a completed record's file name.
 */
export async function listPairingReferences(ctx: AppContext): Promise<PairingReferencesResponse> {
  const files = await listCompletedPairingFiles(ctx);
  const byLabel: PairingReferencesResponse = {};
  for (const file of files) {
    const label = file.groupDisplay ?? ALL_USERS_LABEL;
    byLabel[label] = byLabel[label] ?? [];
    byLabel[label].push({
      fileName: file.fileName,
      groupName: file.displayName,
      totalPairs: file.matchCount,
    });
  }
  return byLabel;
}
