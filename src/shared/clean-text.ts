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

/**
 * A character that has no place in a one-line field: C0 and C1 controls (line breaks, tabs, NUL,
 * escape…) and the Unicode line and paragraph separators; with `lineBreaks`, a text of several
 * lines may still hold line breaks and tabs. A name with a line break can forge a
 * line in a log or start a formula on a spreadsheet's next line (docs/admin-console.md, "Exports").
 */
export function hasControlCharacter(
  value: string,
  options: { lineBreaks?: boolean } = {},
): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (options.lineBreaks && (code === 0x09 || code === 0x0a || code === 0x0d)) continue;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029) {
      return true;
    }
  }
  return false;
}

export function controlCharacterMessage(label: string): string {
  return `${label} contains a control character (such as NUL or an escape). Please remove it.`;
}

export function singleLineMessage(label: string): string {
  return `${label} must be a single line: please remove line breaks, tabs and other control characters.`;
}
