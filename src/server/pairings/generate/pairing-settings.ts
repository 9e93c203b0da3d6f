import { inArray } from "drizzle-orm";
import { type OddPolicy, oddPolicies } from "../../../shared/enums";
import type { Db, Tx } from "../../db/client";
import { settings } from "../../db/schema";

/** The configurable pairing numbers; each lives in the settings table under its key, with these defaults. */
export interface PairingSettings {
  minimumUsers: number;
  oddPolicy: OddPolicy;
  repeatWindowMonths: number;
}

export const PAIRING_SETTING_KEYS = {
  minimumUsers: "pairing.minimumUsers",
  oddPolicy: "pairing.oddPolicy",
  repeatWindowMonths: "pairing.repeatWindowMonths",
} as const;

export const defaultPairingSettings: PairingSettings = {
  minimumUsers: 2,
  oddPolicy: "trio",
  repeatWindowMonths: 3,
};

const wholeNumber = (value: unknown, min: number, max: number) =>
  typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;

export async function getPairingSettings(db: Db | Tx): Promise<PairingSettings> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, Object.values(PAIRING_SETTING_KEYS)));
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  const minimumUsers = stored.get(PAIRING_SETTING_KEYS.minimumUsers);
  const oddPolicy = stored.get(PAIRING_SETTING_KEYS.oddPolicy);
  const repeatWindowMonths = stored.get(PAIRING_SETTING_KEYS.repeatWindowMonths);
  // A malformed stored value falls back to the default rather than breaking generation.
  return {
    minimumUsers: wholeNumber(minimumUsers, 2, 1_000_000)
      ? (minimumUsers as number)
      : defaultPairingSettings.minimumUsers,
    oddPolicy: oddPolicies.includes(oddPolicy as OddPolicy)
      ? (oddPolicy as OddPolicy)
      : defaultPairingSettings.oddPolicy,
    repeatWindowMonths: wholeNumber(repeatWindowMonths, 0, 120)
      ? (repeatWindowMonths as number)
      : defaultPairingSettings.repeatWindowMonths,
  };
}
