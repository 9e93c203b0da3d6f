import type { AppContext } from "../context";
import { signLinkToken } from "./signed-links";

/** A booking link works for as long as a month's match can run. */
const LINK_DAYS = 45;
const DAY_MS = 86_400_000;

/**
 * The address of the page that books `start` for the person's match (docs/scheduling.md, "Booking
 * from an e-mail"): `/book-time?token=…&start=…`. Opening it changes nothing; its button's POST
 * books. The token names the person and the match; the start is theirs to choose, as in the API,
 * and must fit everyone when pressed. Takes the auth secret read before any transaction.
 */
export function bookingLinkUrl(
  ctx: Pick<AppContext, "config" | "clock">,
  secret: string,
  link: { userId: string; matchId: number; start: Date },
): string {
  const token = signLinkToken(secret, "book-time", {
    userId: link.userId,
    id: link.matchId,
    expiresAt: new Date(ctx.clock.now().getTime() + LINK_DAYS * DAY_MS),
  });
  const query = new URLSearchParams({ token, start: link.start.toISOString() });
  return `${ctx.config.appUrl}/book-time?${query}`;
}
