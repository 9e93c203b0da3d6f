import { afterEach } from "vitest";
import type { Db } from "../db/client";
import { checkRoundInvariants } from "../rounds/round-invariants";

/**
 * Checks the invariants of a round (docs/rounds.md, "Invariants of a round") after every test of
 * the file, whatever operations it ran: call once at the top of a round or pairing test file.
 */
export function checkRoundInvariantsAfterEach(db: () => Db | undefined): void {
  afterEach(async () => {
    const current = db();
    if (current) await checkRoundInvariants(current);
  });
}
