import { eq } from "drizzle-orm";
import {
  type AccountChangeResponse,
  adminUserName,
  USER_NOT_FOUND,
} from "../../../shared/admin-users";
import type { AppContext } from "../../context";
import { sessions, users } from "../../db/schema";
import { BadRequest, Conflict, NotFound } from "../../errors";
import { queueChangeNotices } from "../../pairings/current/change-notices";
import { leaveRunningPairings } from "../../pairings/current/leave-running-pairings";
import { lockRunningPairings } from "../../pairings/locks/pairing-locks";
import { lockPerson } from "../../pairings/locks/people-locks";
import { emitWebhookEvent } from "../../webhooks/emit-webhook-event";
import { checkUserId } from "./user-id";

/**
 * An admin deactivates an account: every session of it ends at once (deleted, so the next request
 * with an old cookie is 401), and the person leaves every running match
 * (pairings/current/leave-running-pairings.ts): a match of four goes on as a trio, a trio as a
 * pair, a pair's partner is re-paired at once when someone is free, else left without a partner
 * for the admin to re-pair; everyone whose partner changed is told after the commit. A deactivated
 * account is never paired, signed in or written to (docs/admin-console.md). Admin accounts belong
 * to the operator and an admin cannot lock themselves out, so both are refused.
 *
 * Concurrency: one transaction that locks every running pairing first (pairing-locks.ts), then the
 * user's row (FOR UPDATE), and reads the matches after both: a re-pair or report of any of those
 * pairings either finished before — and is seen — or waits and then finds the person gone.
 */
export async function deactivateUser(
  ctx: AppContext,
  id: string,
  admin: { id: string },
): Promise<AccountChangeResponse> {
  checkUserId(id);
  if (id === admin.id) throw new BadRequest("You cannot deactivate your own account.", "self");
  const { name, notices } = await ctx.db.transaction(async (tx) => {
    await lockRunningPairings(tx);
    const user = await lockPerson(tx, id);
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
    const now = ctx.clock.now();
    await emitWebhookEvent(ctx, tx, {
      type: "person.left",
      key: `user-${id}-${now.getTime()}`,
      data: { userId: id },
    });
    const notices = await leaveRunningPairings(ctx, tx, id, "was deactivated");
    await queueChangeNotices(ctx, tx, notices);
    return { name, notices };
  });
  const leftAlone = notices.flatMap((n) =>
    n.kind === "left-alone" ? [adminUserName(n.person)] : [],
  );
  const alone = leftAlone.length
    ? ` ${leftAlone.join(" and ")} ${leftAlone.length === 1 ? "is" : "are"} left without a partner: re-pair them under Current Pairings.`
    : "";
  return {
    message: `${name} is deactivated and signed out everywhere.${alone}`,
    user: { id, isActive: false },
    leftAlone,
  };
}
