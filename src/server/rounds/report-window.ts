import { roundWindows } from "../../shared/round-windows";
import type { AppContext } from "../context";
import { readPairingSchedule } from "../dates/month-dates";
import type { Tx } from "../db/client";
import type { PairingRow } from "../db/schema";
import { dateRule, getRoundSettings, getTimeZone } from "./round-settings";

/**
 * The last day (YYYY-MM-DD, company zone) a partner of this pairing can be reported away,
 * counted from the day the pairing was made when that came after the pairing day (a month
 * generated late, shared/round-windows.ts); null without round settings.
 */
export async function reportLastDay(
  db: Tx | AppContext["db"],
  pairing: Pick<PairingRow, "scopeKey" | "month" | "createdAt">,
): Promise<string | null> {
  const timeZone = await getTimeZone(db);
  const settings = (await getRoundSettings(db, [pairing.scopeKey])).get(pairing.scopeKey);
  if (!settings) return null;
  const rule = dateRule(settings, await readPairingSchedule({ db }), timeZone);
  return roundWindows(pairing.month, rule, pairing.createdAt).away.lastDay;
}
