import { eq, sql } from "drizzle-orm";
import { whitelistEntrySql } from "../auth/whitelist-lookup";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { HttpError } from "../errors";

export const CLOSED_ACCOUNT_LINK =
  "This link no longer works: the Cup of Joe account it was sent to is closed. If you think this is a mistake, please ask your Cup of Joe admin.";

/**
 * A link from an e-mail acts only for a person who may still take part: a deactivated, deleted or
 * removed person's links answer 410 and change nothing (docs/rounds.md, "Invariants of a round").
 */
export async function refuseClosedAccount(db: Db, userId: string): Promise<void> {
  const [row] = await db
    .select({
      active: users.isActive,
      entry: sql<number | null>`${whitelistEntrySql(users.email, "id")}`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row?.active || row.entry === null) {
    throw new HttpError(410, CLOSED_ACCOUNT_LINK, "closed_account");
  }
}
