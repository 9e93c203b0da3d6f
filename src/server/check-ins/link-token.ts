import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Signed single-purpose link tokens for the check-in e-mails (docs/check-ins.md, "Links"):
 * `{userId}.{id}.{expiry, unix seconds}.{128-bit HMAC}`. The purpose is bound into the MAC, so a
 * check-in token is good for nothing else (not even the "still in?" question), and the same
 * shape as the newsletter's unsubscribe token (newsletters/unsubscribe/unsubscribe-token.ts).
 */
export type LinkPurpose = "check-in" | "still-in" | "not-away";

export interface LinkClaims {
  userId: string;
  /** The match id (check-in), the question id (still in?) or the pairing id (not away). */
  id: number;
  expiresAt: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MAC_HEX = 32;

export function signLinkToken(secret: string, purpose: LinkPurpose, claims: LinkClaims): string {
  const body = `${claims.userId}.${claims.id}.${Math.floor(claims.expiresAt.getTime() / 1000)}`;
  return `${body}.${mac(secret, purpose, body)}`;
}

export type VerifiedLink =
  | { ok: true; claims: LinkClaims }
  | { ok: false; reason: "invalid" | "expired" };

/** The claims of a genuine token; "expired" only for a genuine one past its time. */
export function verifyLinkToken(
  secret: string,
  purpose: LinkPurpose,
  token: string,
  now: Date,
): VerifiedLink {
  const parts = token.split(".");
  if (parts.length !== 4) return { ok: false, reason: "invalid" };
  const [userId, id, expiry, given] = parts;
  if (!UUID.test(userId) || !/^[1-9][0-9]{0,9}$/.test(id) || !/^[0-9]{1,12}$/.test(expiry)) {
    return { ok: false, reason: "invalid" };
  }
  if (given.length !== MAC_HEX || !/^[0-9a-f]+$/.test(given))
    return { ok: false, reason: "invalid" };
  const expected = mac(secret, purpose, `${userId}.${id}.${expiry}`);
  if (!timingSafeEqual(Buffer.from(given, "hex"), Buffer.from(expected, "hex"))) {
    return { ok: false, reason: "invalid" };
  }
  const expiresAt = new Date(Number(expiry) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, claims: { userId, id: Number(id), expiresAt } };
}

function mac(secret: string, purpose: LinkPurpose, body: string): string {
  return createHmac("sha256", secret)
    .update(`${purpose}\u0000${body}`)
    .digest("hex")
    .slice(0, MAC_HEX);
}
