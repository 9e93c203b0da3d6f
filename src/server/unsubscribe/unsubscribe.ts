import { eq } from "drizzle-orm";
import type { UnsubscribeAction, UnsubscribeStatus } from "../../shared/newsletters";
import { getAuthSecret } from "../app-secret";
import type { AppContext } from "../context";
import { type UserRow, users } from "../db/schema";
import { BadRequest, NotFound } from "../errors";
import { isInvitationToken, verifyUnsubscribeToken } from "../mail/signed-links";
import { updateParticipation } from "../profile/update-participation";
import { invitationUnsubscribeStatus, stopInvitations } from "./stop-invitations";

const NO_PAUSE = "An invitation cannot be paused: stop the invitations, or sign in to take part.";

export const INVALID_LINK =
  "This unsubscribe link is not valid. Please use the link from your latest newsletter.";

/** Whose link this is and where they stand, for the confirmation page. */
export async function unsubscribeStatus(
  ctx: AppContext,
  token: string,
): Promise<UnsubscribeStatus> {
  if (isInvitationToken(token)) return invitationUnsubscribeStatus(ctx, token, maskEmail);
  return present(await userOfToken(ctx, token));
}

/** The page's choice: opt out (as the person's own opt-out does) or pause for one month instead. */
export async function applyUnsubscribe(
  ctx: AppContext,
  request: UnsubscribeAction,
): Promise<UnsubscribeStatus> {
  if (isInvitationToken(request.token)) {
    if (request.action === "pause") throw new BadRequest(NO_PAUSE, "invalid_unsubscribe");
    return stopInvitations(ctx, request.token, maskEmail);
  }
  const user = await userOfToken(ctx, request.token);
  if (request.action === "pause") {
    const updated = await updateParticipation(ctx, user, { action: "pause", months: 1 });
    return { ...present(updated), message: "Your participation is paused for one month." };
  }
  return optOut(ctx, user);
}

/**
 * RFC 8058 one-click: the mail provider's POST opts the person out, or, from an invitation,
 * stops the invitations to its address.
 */
export async function oneClickUnsubscribe(
  ctx: AppContext,
  token: string,
  listUnsubscribe: unknown,
): Promise<UnsubscribeStatus> {
  if (listUnsubscribe !== "One-Click") {
    throw new BadRequest("Send List-Unsubscribe=One-Click to unsubscribe.", "invalid_unsubscribe");
  }
  if (isInvitationToken(token)) return stopInvitations(ctx, token, maskEmail);
  return optOut(ctx, await userOfToken(ctx, token));
}

async function optOut(ctx: AppContext, user: UserRow): Promise<UnsubscribeStatus> {
  const updated = await updateParticipation(ctx, user, { action: "opt_out" });
  return {
    ...present(updated),
    message: "You have opted out and will receive no more Cup of Joe newsletters.",
  };
}

async function userOfToken(ctx: AppContext, token: string): Promise<UserRow> {
  const userId = verifyUnsubscribeToken(await getAuthSecret(ctx), token);
  if (!userId) throw new BadRequest(INVALID_LINK, "invalid_unsubscribe_link");
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new NotFound(INVALID_LINK);
  return user;
}

function present(user: UserRow): UnsubscribeStatus {
  return {
    email: maskEmail(user.email),
    participationStatus: user.participationStatus,
    pauseEndDate: user.pauseEndDate,
    about: "newsletter",
  };
}

/** "ada.lovelace@acme.example" → "a***@acme.example": enough to recognise, little to leak. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  return `${email.charAt(0)}***${email.slice(at)}`;
}
