import type { Db, Tx } from "../../db/client";
import { companyHasGroups } from "../../directory/groups/find-group";
import { readablePairingName } from "./file-names";

/**
 * The name a new pairing is stored under: the one every screen shows (`readablePairingName`,
 * docs/pairings.md "Completing and the pairing files"), so its record, its webhook events and the
 * database never name it otherwise than the pages.
 */
export async function newPairingName(
  db: Db | Tx,
  pairing: { month: string; runOfMonth: number; domainGroupName: string | null },
): Promise<string> {
  return readablePairingName(pairing, await companyHasGroups(db));
}
