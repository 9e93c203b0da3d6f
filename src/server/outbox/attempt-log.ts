/**
 * Each failed delivery attempt logged as it happens, at most `max` lines per `windowMs`; the
 * lines held back are counted in the next line that goes out, so an outage of the mail server
 * shows at once without a line per message (docs/monitoring.md, "Failed deliveries").
 */
export function rateLimitedLog(
  log: (line: string) => void,
  { max = 5, windowMs = 10_000, now = Date.now } = {},
): (line: string) => void {
  let windowStart = 0;
  let written = 0;
  let heldBack = 0;
  return (line) => {
    const at = now();
    if (at - windowStart >= windowMs) {
      windowStart = at;
      written = 0;
    }
    if (written >= max) {
      heldBack += 1;
      return;
    }
    written += 1;
    const more =
      heldBack > 0 ? ` (${heldBack} more failed attempts not logged before this one)` : "";
    heldBack = 0;
    log(`${line}${more}`);
  };
}

/** An error's text without the addresses in it (a server's "550 <ada@…>: no such user"). */
export function withoutAddresses(text: string): string {
  return text.replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, "<address>");
}
