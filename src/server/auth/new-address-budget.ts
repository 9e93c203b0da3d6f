import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { AuthSettings } from "./auth-settings";
import { countHit } from "./rate-limit-store";
import { inWords, waitError } from "./send-throttle";

const MINUTE_MS = 60_000;
/** rate_limit_counters keys: one counter for the whole app, never an address. */
const NEW_ADDRESSES = "sign-in-mail:never-signed-in";
const KNOWN_ADDRESSES = "sign-in-mail:signed-in-before";

/**
 * The app-wide bound on sign-in mails to addresses nobody has vouched for (docs/sign-in.md
 * "Limits"), counted in the database so it holds across processes: never signed in, and let in
 * only by a `*@domain` entry, so possibly made up. An address that signed in before or that the
 * whitelist names itself is a known person — a whole office answering the invitation at once is
 * never slowed (docs/decisions/0095-sign-in-limits-sized-for-an-office.md). Every request does the
 * same look-up and the same counter upsert (the other counter, which has no bound), so only the
 * answer during a flood differs, never the work or the time.
 */
export async function claimNewAddressBudget(
  db: Db,
  email: string,
  now: Date,
  settings: Pick<AuthSettings, "newAddressMailsPerMinute">,
): Promise<void> {
  const result = await db.execute(sql`
    select exists (select 1 from users where email = ${email} and is_email_verified)
      or exists (select 1 from allowed_emails where email = ${email} and is_active) as known`);
  const known = (result as unknown as { rows: Array<{ known: boolean }> }).rows[0]?.known === true;
  const { current, ttl } = await countHit(
    db,
    known ? KNOWN_ADDRESSES : NEW_ADDRESSES,
    MINUTE_MS,
    now,
  );
  if (known || current <= settings.newAddressMailsPerMinute) return;
  throw waitError(
    `Many sign-in e-mails are being sent right now. Please try again in ${inWords(ttl)}.`,
    ttl,
    "busy",
  );
}
