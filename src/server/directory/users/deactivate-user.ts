import { and, eq } from "drizzle-orm";
import {
  type AccountChangeResponse,
  adminUserName,
  USER_NOT_FOUND,
} from "../../../shared/admin-users";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { matches, pairings, sessions, users } from "../../db/schema";
import { BadRequest, Conflict, NotFound } from "../../errors";
import { isMemberSql, memberIds, withMembers } from "../../match-members/match-members";
import { leaveMatch } from "../../pairings/current/leave-match";
import { checkUserId } from "./user-id";

/**
 * An admin deactivates an account: every session of it ends at once (deleted, so the next request
 * with an old cookie is 401), and the person leaves the running pairings — a group of four goes on
 * as a trio, a trio as a pair, a pair's partner is left alone and shows in Current Pairings for a re-pair
 * (pairings/current/re-pair-person.ts). A deactivated account is never paired, signed in or written to
 * (docs/admin-console.md). Admin accounts belong to the operator and an admin cannot lock
 * themselves out, so both are refused.
 *
 * Concurrency: one transaction that starts by locking the user's row (FOR UPDATE). A re-pair
 * locks the people it places (FOR SHARE) and checks them active, so it either finishes first —
 * and this transaction, reading the matches after the lock, takes the person out of the new match
 * too — or sees the account deactivated and refuses.
 */
export async function deactivateUser(
  ctx: AppContext,
  id: string,
  admin: { id: string },
): Promise<AccountChangeResponse> {
  checkUserId(id);
  if (id === admin.id) throw new BadRequest("You cannot deactivate your own account.", "self");
  return ctx.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, id)).for("update");
    if (!user) throw new NotFound(USER_NOT_FOUND);
    const name = adminUserName(user);
    if (user.isAdmin) {
      throw new Conflict(
        `${name} is an admin. Admin accounts are managed by the operator (npm run admin).`,
        "admin_account",
      );
    }
    if (!user.isActive)
      throw new Conflict(`${name} is already deactivated.`, "already_deactivated");
    await tx
      .update(users)
      .set({ isActive: false, updatedAt: ctx.clock.now() })
      .where(eq(users.id, id));
    await tx.delete(sessions).where(eq(sessions.userId, id));
    const leftAlone = await leaveRunningPairings(tx, id);
    const alone = leftAlone.length
      ? ` ${leftAlone.join(" and ")} ${leftAlone.length === 1 ? "is" : "are"} left without a partner: re-pair them under Current Pairings.`
      : "";
    return {
      message: `${name} is deactivated and signed out everywhere.${alone}`,
      user: { id, isActive: false },
      leftAlone,
    };
  });
}

/** Takes the person out of every group of 3 or 4 of a running pairing; names the partners of pairs left alone. */
export async function leaveRunningPairings(tx: Tx, id: string): Promise<string[]> {
  const rows = await tx
    .select({ match: matches })
    .from(matches)
    .innerJoin(pairings, eq(pairings.id, matches.pairingId))
    .where(and(eq(pairings.status, "active"), isMemberSql(matches.id, id)));
  const alone: string[] = [];
  const full = await withMembers(
    tx,
    rows.map((r) => r.match),
  );
  for (const match of full) {
    const others = memberIds(match).filter((member) => member !== id);
    if (others.length >= 2) {
      await leaveMatch(tx, match, id);
      continue;
    }
    const [partner] = await tx.select().from(users).where(eq(users.id, others[0]));
    if (partner) alone.push(adminUserName(partner));
  }
  return alone;
}
