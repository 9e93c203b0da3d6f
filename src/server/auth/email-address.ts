/**
 * E-mail address rules shared by sign-in and the whitelist.
 * An address is trimmed, NFKC-normalised and lowercased; anything ambiguous is refused
 * rather than guessed at, because the whitelist compares addresses and domains exactly.
 */

// NFKC folds U+FF20 and U+FE6B into "@" (then "more than one @" refuses them); anything else
// outside ASCII is refused too, so no other look-alike of "@" or "." can slip through.
const NON_ASCII = /[^\x21-\x7E]/;
const FORBIDDEN = /[\s"'`<>()[\]\\,;:]/;
// "*" is left out so an address can never be mistaken for a `*@domain` whitelist pattern.
const LOCAL_PART = /^[a-z0-9!#$%&+/=?^_{|}~.-]+$/;
const DOMAIN_LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

function normalizeDomain(raw: string): string | null {
  if (raw.length === 0 || raw.length > 253) return null;
  const labels = raw.split(".");
  if (labels.length < 2) return null;
  for (const label of labels) {
    if (label.length === 0 || label.length > 63 || !DOMAIN_LABEL.test(label)) return null;
  }
  return raw;
}

function prepare(raw: string): string | null {
  if (typeof raw !== "string") return null;
  const value = raw.normalize("NFKC").trim().toLowerCase();
  if (value.length === 0 || value.length > 320) return null;
  if (FORBIDDEN.test(value) || NON_ASCII.test(value)) return null;
  return value;
}

/** The canonical form of an address, or null when it is refused. */
export function normalizeEmail(raw: string): string | null {
  const value = prepare(raw);
  if (!value) return null;
  const parts = value.split("@");
  if (parts.length !== 2) return null;
  const [local, domain] = parts;
  if (!local || local.length > 64 || !LOCAL_PART.test(local)) return null;
  if (local.startsWith(".") || local.endsWith(".") || local.includes("..")) return null;
  const normalizedDomain = normalizeDomain(domain);
  if (!normalizedDomain) return null;
  return `${local}@${normalizedDomain}`;
}

/** The part after the `@` of a normalised address (or `*@domain` pattern). */
export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf("@") + 1);
}

export type WhitelistPattern =
  | { kind: "address"; email: string; domain: string }
  | { kind: "domain"; email: string; domain: string };

/** Accepts a single address or `*@domain`; null when neither. */
export function parseWhitelistPattern(raw: string): WhitelistPattern | null {
  const value = prepare(raw);
  if (!value) return null;
  if (value.startsWith("*@")) {
    const domain = value.slice(2);
    if (domain.includes("@")) return null;
    const normalized = normalizeDomain(domain);
    if (!normalized) return null;
    return { kind: "domain", email: `*@${normalized}`, domain: normalized };
  }
  const email = normalizeEmail(value);
  if (!email) return null;
  return { kind: "address", email, domain: emailDomain(email) };
}
