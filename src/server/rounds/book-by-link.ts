import type { LinkBooking } from "../../shared/booking";
import type { ChatInvitation } from "../../shared/calendar";
import { getAuthSecret } from "../app-secret";
import { refuseClosedAccount } from "../check-ins/closed-account";
import type { AppContext } from "../context";
import { BadRequest, HttpError } from "../errors";
import { readEvent } from "../icalendar/match-calendar-events";
import { verifyLinkToken } from "../mail/signed-links";
import { bookMatch } from "../matches/book-match";
import { bookingSeenBy } from "../matches/booked-by";
import { findMemberMatch } from "../matches/member-matches";

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
  request: { token: string; start: string; replaces?: string },
): Promise<{ invitation: ChatInvitation; sent: number }> {
  const claims = await linkClaims(ctx, request.token);
  return bookMatch(ctx, claims.userId, claims.id, request);
}

/**
 * What a booking link finds booked for its match, and by whom (the page shows it before the
 * press, so an old link offers a move, not a first booking). Reads only. 404 outside the match.
 */
export async function linkBooking(ctx: AppContext, token: string): Promise<LinkBooking> {
  const claims = await linkClaims(ctx, token);
  const match = await findMemberMatch(ctx, claims.userId, claims.id);
  return { booked: await bookingSeenBy(ctx.db, await readEvent(ctx, match.id), claims.userId) };
}

/** The person and match a booking link is signed for: 400 forged, 410 expired or closed. */
async function linkClaims(ctx: AppContext, token: string): Promise<{ userId: string; id: number }> {
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
  return verified.claims;
}
