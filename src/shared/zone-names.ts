/**
 * Zones renamed in the IANA database, by their old and current names: a browser or Node may list
 * either (Chrome lists Asia/Calcutta, Europe/Kiev, Asia/Saigon), and people search by the name
 * they know, so the zone picker finds a zone by both.
 */
const RENAMED: ReadonlyArray<readonly [old: string, current: string]> = [
  ["Asia/Calcutta", "Asia/Kolkata"],
  ["Europe/Kiev", "Europe/Kyiv"],
  ["Asia/Saigon", "Asia/Ho_Chi_Minh"],
  ["Asia/Katmandu", "Asia/Kathmandu"],
  ["Asia/Rangoon", "Asia/Yangon"],
  ["Asia/Dacca", "Asia/Dhaka"],
  ["Asia/Thimbu", "Asia/Thimphu"],
  ["Asia/Ulan_Bator", "Asia/Ulaanbaatar"],
  ["Asia/Macao", "Asia/Macau"],
  ["Asia/Ujung_Pandang", "Asia/Makassar"],
  ["Atlantic/Faeroe", "Atlantic/Faroe"],
  ["America/Godthab", "America/Nuuk"],
  ["America/Buenos_Aires", "America/Argentina/Buenos_Aires"],
  ["America/Indianapolis", "America/Indiana/Indianapolis"],
  ["America/Louisville", "America/Kentucky/Louisville"],
  ["Pacific/Truk", "Pacific/Chuuk"],
  ["Pacific/Ponape", "Pacific/Pohnpei"],
  ["Pacific/Enderbury", "Pacific/Kanton"],
];

const otherNames = new Map<string, string[]>();
for (const [old, current] of RENAMED) {
  otherNames.set(old, [...(otherNames.get(old) ?? []), current]);
  otherNames.set(current, [...(otherNames.get(current) ?? []), old]);
}

/** The zone's other names (its current one for an old name, and the other way round). */
export function zoneAliases(zone: string): readonly string[] {
  return otherNames.get(zone) ?? [];
}

/** "Asia/Calcutta (Asia/Kolkata)": a zone as a list shows it, with its other name, no underscores. */
export function zoneLabel(zone: string): string {
  const aliases = zoneAliases(zone);
  const label = aliases.length ? `${zone} (${aliases.join(", ")})` : zone;
  return label.replaceAll("_", " ");
}

/** The zones whose name, or other name, contains what was typed ("ho chi minh", "kyiv"). */
export function searchZones(zones: readonly string[], typed: string): string[] {
  const words = typed.trim().toLowerCase().replace(/\s+/g, "_");
  if (!words) return [...zones];
  return zones.filter((zone) =>
    [zone, ...zoneAliases(zone)].some((name) => name.toLowerCase().includes(words)),
  );
}

const currentNames = new Map<string, string>(RENAMED);

/** The zone's current IANA name for an old one ("Asia/Calcutta" → "Asia/Kolkata"), else itself. */
export function currentZoneName(zone: string): string {
  return currentNames.get(zone) ?? zone;
}

/** A recent fixed day: before a zone kept summer time the runtime names only its standard time. */
const GENERIC_NAME_DAY = new Date(Date.UTC(2026, 0, 15));

/**
 * A zone as people know it: "India Standard Time (Asia/Kolkata)", "Coordinated Universal Time
 * (UTC)"; the place alone when the runtime has no name for the zone but an offset ("GMT+03:00").
 */
export function zoneNameForPeople(zone: string): string {
  const current = currentZoneName(zone);
  if (current === "UTC" || current === "Etc/UTC") return "Coordinated Universal Time (UTC)";
  const place = current.replaceAll("_", " ");
  let name: string | undefined;
  try {
    name = new Intl.DateTimeFormat("en", { timeZone: current, timeZoneName: "longGeneric" })
      .formatToParts(GENERIC_NAME_DAY)
      .find((part) => part.type === "timeZoneName")?.value;
  } catch {
    return place;
  }
  return name && !name.startsWith("GMT") ? `${name} (${place})` : place;
}
