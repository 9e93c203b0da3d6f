import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import type { AuthSettings } from "./auth-settings";
import { countHit } from "./rate-limit-store";
import { inWords, waitError } from "./send-throttle";

const MINUTE_MS = 60_000;
/** rate_limit_counters keys: one counter for the whole app, never an address. */
const NEW_ADDRESSES = "sign-in-mail:never-signed-in";
const KNOWN_ADDRESSES = "sign-in-mail:signed-in-before";

/**
 * The app-wide bound on sign-in mails to addresses that have never signed in (docs/sign-in.md
 * "Limits"), counted in the database so it holds across processes. Every request does the same
 * look-up and the same counter upsert (the other counter for people who signed in before, which
 * has no bound), so only the answer during a flood differs, never the work or the time.
 */
export async function claimNewAddressBudget(
  db: Db,
  email: string,
  now: Date,
  settings: Pick<AuthSettings, "newAddressMailsPerMinute">,
): Promise<void> {
  const [known] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), eq(users.isEmailVerified, true)))
    .limit(1);
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
