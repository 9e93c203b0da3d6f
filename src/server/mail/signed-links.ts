import { createHmac, timingSafeEqual } from "node:crypto";
import { isUuid } from "../db/uuid";

/**
 * The signed links of every e-mail (docs/mail.md, "Signed links"): a token is its fields joined by
 * dots, then a 128-bit HMAC-SHA256 of them keyed with the app's auth secret. The purpose is bound
 * into the MAC, so a token is good for its purpose alone (a check-in token answers no "still
 * in?" question and unsubscribes nobody).
 *
 * - Expiring links (check-in, still in?, not away, book a time): `{userId}.{id}.{expiry, unix seconds}.{MAC}`.
 * - Unsubscribe: `{userId}.{MAC}`, no expiry, since mail providers may use it months later.
 * - Invitations' unsubscribe: `invite.{address, base64url}.{MAC}`: an invited address may have no
 *   account, so the address is what it names; no expiry either.
 */
export type LinkPurpose = "check-in" | "still-in" | "not-away" | "book-time";
type Purpose = LinkPurpose | "newsletter-unsubscribe" | "invitation-unsubscribe";

const MAC_HEX = 32;

function mac(secret: string, purpose: Purpose, body: string): string {
  return createHmac("sha256", secret)
    .update(`${purpose}\u0000${body}`)
    .digest("hex")
    .slice(0, MAC_HEX);
}

function sign(secret: string, purpose: Purpose, fields: readonly string[]): string {
  const body = fields.join(".");
  return `${body}.${mac(secret, purpose, body)}`;
}

/** The fields of a genuine token of `count` fields for `purpose`, or null. */
function verifiedFields(
  secret: string,
  purpose: Purpose,
  token: string,
  count: number,
): string[] | null {
  const parts = token.split(".");
  if (parts.length !== count + 1) return null;
  const given = parts[count];
  if (given.length !== MAC_HEX || !/^[0-9a-f]+$/.test(given)) return null;
  const fields = parts.slice(0, count);
  if (!isUuid(fields[0])) return null;
  const expected = mac(secret, purpose, fields.join("."));
  return timingSafeEqual(Buffer.from(given, "hex"), Buffer.from(expected, "hex")) ? fields : null;
}

export interface LinkClaims {
  userId: string;
  /** The match id (check-in, book a time), the question id (still in?) or the pairing id (not away). */
  id: number;
  expiresAt: Date;
}

export function signLinkToken(secret: string, purpose: LinkPurpose, claims: LinkClaims): string {
  const expiry = String(Math.floor(claims.expiresAt.getTime() / 1000));
  return sign(secret, purpose, [claims.userId, String(claims.id), expiry]);
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
  const [, id, expiry] = token.split(".");
  if (!/^[1-9][0-9]{0,9}$/.test(id ?? "") || !/^[0-9]{1,12}$/.test(expiry ?? "")) {
    return { ok: false, reason: "invalid" };
  }
  const fields = verifiedFields(secret, purpose, token, 3);
  if (!fields) return { ok: false, reason: "invalid" };
  const expiresAt = new Date(Number(expiry) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, claims: { userId: fields[0], id: Number(id), expiresAt } };
}

/** The newsletter's and every automatic e-mail's unsubscribe token. */
export function unsubscribeToken(secret: string, userId: string): string {
  return sign(secret, "newsletter-unsubscribe", [userId]);
}

/** The user id a token was made for, or null for anything forged, altered or malformed. */
export function verifyUnsubscribeToken(secret: string, token: string): string | null {
  const fields = verifiedFields(secret, "newsletter-unsubscribe", token, 1);
  return fields ? fields[0] : null;
}

const INVITE_PREFIX = "invite";

/** The unsubscribe token of the invitations and their reminders to one address. */
export function invitationUnsubscribeToken(secret: string, email: string): string {
  const body = `${INVITE_PREFIX}.${Buffer.from(email, "utf8").toString("base64url")}`;
  return `${body}.${mac(secret, "invitation-unsubscribe", body)}`;
}

/** Whether a token has the invitations' form (genuine or not): it names an address, not a user. */
export const isInvitationToken = (token: string) => token.startsWith(`${INVITE_PREFIX}.`);

/** The address an invitations' token was made for, or null for anything forged or malformed. */
export function verifyInvitationUnsubscribeToken(secret: string, token: string): string | null {
  const parts = token.split(".");
  if (parts.length !== 3 || parts[0] !== INVITE_PREFIX) return null;
  const [, encoded, given] = parts;
  if (given.length !== MAC_HEX || !/^[0-9a-f]+$/.test(given)) return null;
  if (!/^[A-Za-z0-9_-]{1,600}$/.test(encoded)) return null;
  const expected = mac(secret, "invitation-unsubscribe", `${INVITE_PREFIX}.${encoded}`);
  if (!timingSafeEqual(Buffer.from(given, "hex"), Buffer.from(expected, "hex"))) return null;
  return Buffer.from(encoded, "base64url").toString("utf8");
}

export function unsubscribeUrl(appUrl: string, token: string): string {
  return `${appUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** RFC 8058 one-click unsubscribe: providers POST `List-Unsubscribe=One-Click` to the URL. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${url}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
