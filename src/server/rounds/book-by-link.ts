import type { ChatInvitation } from "../../shared/calendar";
import { getAuthSecret } from "../auth/auth-secret";
import { refuseClosedAccount } from "../check-ins/closed-account";
import type { AppContext } from "../context";
import { BadRequest, HttpError } from "../errors";
import { verifyLinkToken } from "../mail/signed-links";
import { bookMatch } from "../matches/book-match";

export const INVALID_BOOKING_LINK =
  "This booking link is not valid. Please use the link from your e-mail, or sign in and open your Matches page.";

/**
 * The booking page's button (`/book-time?token=…&start=…`, docs/scheduling.md, "Booking from an
 * e-mail"): the signed token names the person and the match, so no sign-in is needed; the booking
 * itself is the signed-in one's (matches/book-match.ts: the fit checked under the pairing's lock).
 * 400 for a forged token, 410 for an expired one or a closed account.
 */
export async function bookByLink(
  ctx: AppContext,
  token: string,
  start: string,
): Promise<{ invitation: ChatInvitation; sent: number }> {
  const verified = verifyLinkToken(await getAuthSecret(ctx), "book-time", token, ctx.clock.now());
  if (!verified.ok) {
    if (verified.reason === "expired") {
      throw new HttpError(
        410,
        "This booking link has expired: the month it was about is over.",
        "expired_link",
      );
    }
    throw new BadRequest(INVALID_BOOKING_LINK, "invalid_link");
  }
  await refuseClosedAccount(ctx.db, verified.claims.userId);
  return bookMatch(ctx, verified.claims.userId, verified.claims.id, start);
}
