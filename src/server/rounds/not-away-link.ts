import type { AppContext } from "../context";
import { signLinkToken } from "../mail/signed-links";

const LINK_DAYS = 45;
const DAY_MS = 86_400_000;

/**
 * The "I'm not away" page's address for the person reported away in a pairing (docs/matches.md).
 * Takes the secret read before the caller's transaction: the embedded database has one connection.
 */
export function notAwayUrl(ctx: AppContext, secret: string, userId: string, pairingId: number) {
  const token = signLinkToken(secret, "not-away", {
    userId,
    id: pairingId,
    expiresAt: new Date(ctx.clock.now().getTime() + LINK_DAYS * DAY_MS),
  });
  return `${ctx.config.appUrl}/not-away?token=${encodeURIComponent(token)}`;
}
