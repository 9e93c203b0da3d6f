import { sql } from "drizzle-orm";
import type { InvitationList } from "../../shared/invitations";
import type { AppContext } from "../context";
import { invitedNotJoinedSql } from "../db/employee";
import { allowedEmails } from "../db/schema";
import { launched } from "./launch-status";
import { lastInvited, nextInviteAt } from "./queue-invitations";

/** How many waiting people one answer lists (the total says how many there are). */
const LISTED = 1000;

/**
 * The people on the whitelist by their own address who have no account yet, with when each was
 * last invited (docs/admin-console.md, "Invitations"). Read-only.
 */
export async function listInvitations(ctx: AppContext): Promise<InvitationList> {
  const waiting = invitedNotJoinedSql;
  const [rows, [{ total }], launch] = await Promise.all([
    ctx.db
      .select({
        email: allowedEmails.email,
        firstName: allowedEmails.firstName,
        lastName: allowedEmails.lastName,
      })
      .from(allowedEmails)
      .where(waiting)
      .orderBy(allowedEmails.email)
      .limit(LISTED),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(allowedEmails).where(waiting),
    launched(ctx),
  ]);
  const last = await lastInvited(
    ctx.db,
    rows.map((r) => r.email),
  );
  const now = ctx.clock.now();
  return {
    people: rows.map((r) => {
      const at = last.get(r.email);
      return {
        ...r,
        lastInvitedAt: at?.toISOString() ?? null,
        nextInviteAt: nextInviteAt(at, now)?.toISOString() ?? null,
      };
    }),
    total,
    launchSent: launch,
  };
}
