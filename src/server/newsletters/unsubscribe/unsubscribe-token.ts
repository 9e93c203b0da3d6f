import { createHmac, timingSafeEqual } from "node:crypto";
import { getAuthSecret } from "../../auth/auth-secret";
import type { AppContext } from "../../context";

/** Bound into every MAC, so an unsubscribe token is good for nothing else (and no other MAC for this). */
const PURPOSE = "newsletter-unsubscribe";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MAC_HEX = 32;

/** `{userId}.{128-bit HMAC}`: no expiry, since mail providers may use the link months later. */
export function unsubscribeToken(secret: string, userId: string): string {
  return `${userId}.${mac(secret, userId)}`;
}

/** The user id a token was made for, or null for anything forged, altered or malformed. */
export async function verifyUnsubscribeToken(
  ctx: AppContext,
  token: string,
): Promise<string | null> {
  const [userId, given, ...rest] = token.split(".");
  if (rest.length > 0 || !userId || !given || !UUID.test(userId) || given.length !== MAC_HEX) {
    return null;
  }
  if (!/^[0-9a-f]+$/.test(given)) return null;
  const expected = mac(await getAuthSecret(ctx), userId);
  return timingSafeEqual(Buffer.from(given, "hex"), Buffer.from(expected, "hex")) ? userId : null;
}

export function unsubscribeUrl(appUrl: string, token: string): string {
  return `${appUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
}

function mac(secret: string, userId: string): string {
  return createHmac("sha256", secret)
    .update(`${PURPOSE}\u0000${userId}`)
    .digest("hex")
    .slice(0, MAC_HEX);
}

/** RFC 8058 one-click unsubscribe: providers POST `List-Unsubscribe=One-Click` to the URL. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${url}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
