import { readPairingSchedule } from "../calendar/month-calendar";
import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import type { PairingRow } from "../db/schema";
import { awayWindow } from "./away-window";
import { dateRule, getRoundSettings, getTimeZone } from "./round-settings";

/** The last day (YYYY-MM-DD, company zone) a partner of this pairing can be reported away; null without round settings. */
export async function reportLastDay(
  db: Tx | AppContext["db"],
  pairing: Pick<PairingRow, "scopeKey" | "month">,
): Promise<string | null> {
  const timeZone = await getTimeZone(db);
  const settings = (await getRoundSettings(db, [pairing.scopeKey])).get(pairing.scopeKey);
  if (!settings) return null;
  const rule = dateRule(settings, await readPairingSchedule({ db }), timeZone);
  return awayWindow(pairing.month, rule).lastDay;
}
