/**
 * Text the database cannot store faithfully: NUL (PostgreSQL text refuses it) and UTF-16 halves
 * without their partner (they would silently become U+FFFD). Every route refuses such text with
 * a 400 before it reaches a handler (src/server/refuse-broken-text.ts).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const BROKEN_TEXT_MESSAGE =
  "contains a character that cannot be stored (a NUL byte or a broken Unicode character). Please remove it and try again.";

export function hasBrokenText(value: string): boolean {
  return value.includes("\u0000") || LONE_SURROGATE.test(value);
}
