import { eq } from "drizzle-orm";
import type { UnsubscribeStatus } from "../../shared/unsubscribe";
import { getAuthSecret } from "../app-secret";
import type { AppContext } from "../context";
import { invitationOptOuts } from "../db/schema";
import { BadRequest } from "../errors";
import { verifyInvitationUnsubscribeToken } from "../mail/signed-links";

const INVALID_INVITATION_LINK =
  "This unsubscribe link is not valid. Please use the link from your latest invitation.";
const STOPPED = "No more invitations or reminders to join Cup of Joe will be sent to you.";

/**
 * The invitations' unsubscribe link (docs/mail.md, "Invitations and reminders"): whether the
 * address it names still gets invitations and reminders. Read-only.
 */
export async function invitationUnsubscribeStatus(
  ctx: AppContext,
  token: string,
  mask: (email: string) => string,
): Promise<UnsubscribeStatus> {
  const email = await addressOfToken(ctx, token);
  const [stopped] = await ctx.db
    .select({ email: invitationOptOuts.email })
    .from(invitationOptOuts)
    .where(eq(invitationOptOuts.email, email));
  return {
    email: mask(email),
    participationStatus: stopped ? "opted_out" : "active",
    pauseEndDate: null,
    about: "invitations",
  };
}

/**
 * Stops every further invitation and reminder to the address the token names (the page's button
 * or the mail provider's one-click POST): the rule per person (getting-started/queue-invitations.ts)
 * and the reminders' job read it, and delivery withholds one already queued. Pressing it again
 * changes nothing.
 */
export async function stopInvitations(
  ctx: AppContext,
  token: string,
  mask: (email: string) => string,
): Promise<UnsubscribeStatus> {
  const email = await addressOfToken(ctx, token);
  await ctx.db.insert(invitationOptOuts).values({ email }).onConflictDoNothing();
  return {
    email: mask(email),
    participationStatus: "opted_out",
    pauseEndDate: null,
    about: "invitations",
    message: STOPPED,
  };
}

async function addressOfToken(ctx: AppContext, token: string): Promise<string> {
  const email = verifyInvitationUnsubscribeToken(await getAuthSecret(ctx), token);
  if (!email) throw new BadRequest(INVALID_INVITATION_LINK, "invalid_unsubscribe_link");
  return email;
}
