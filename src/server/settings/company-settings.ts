import { eq, sql } from "drizzle-orm";
import type { CompanySettings } from "../../shared/company";
import type { Db } from "../db/client";
import { settings } from "../db/schema";

const KEY = "company";

export const defaultCompanySettings = {
  name: "",
  showPublicFigures: false,
  contactEmail: "",
} satisfies CompanySettings;

/** The company's settings row, with the defaults for anything missing or malformed. */
export async function getCompanySettings(
  db: Pick<Db, "select">,
): Promise<Required<CompanySettings>> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, KEY));
  const value = (row?.value ?? {}) as Partial<Record<keyof CompanySettings, unknown>>;
  return {
    name: typeof value.name === "string" ? value.name : defaultCompanySettings.name,
    showPublicFigures: value.showPublicFigures === true,
    contactEmail: typeof value.contactEmail === "string" ? value.contactEmail : "",
  };
}

export async function saveCompanySettings(
  db: Pick<Db, "insert">,
  value: CompanySettings,
): Promise<void> {
  const stored = { ...value, contactEmail: value.contactEmail ?? "" };
  await db
    .insert(settings)
    .values({ key: KEY, value: stored })
    .onConflictDoUpdate({ target: settings.key, set: { value: stored, updatedAt: sql`now()` } });
}
