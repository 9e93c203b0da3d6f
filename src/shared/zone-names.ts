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

/** "America/New York": an IANA name as people read it, each underscore a space. */
function placeText(zone: string): string {
  return zone.replaceAll("_", " ");
}

/** Lower case, underscores and runs of spaces as one space: "New_York" and "new  york" alike. */
function searchText(text: string): string {
  return text.toLowerCase().replaceAll("_", " ").replace(/\s+/g, " ").trim();
}

/**
 * The zones whose name, other name or name for people (`zoneNameForPeople`) contains what was
 * typed: "ho chi minh", "kyiv", "central european".
 */
export function searchZones(zones: readonly string[], typed: string): string[] {
  const words = searchText(typed);
  if (!words) return [...zones];
  return zones.filter((zone) =>
    [zone, ...zoneAliases(zone), zoneNameForPeople(zone)].some((name) =>
      searchText(name).includes(words),
    ),
  );
}

/**
 * The zones a picker lists: each once, by its current name (a runtime may list Asia/Calcutta),
 * in the order of their names for people, so zones of one name stand together.
 */
export function pickerZones(known: readonly string[]): string[] {
  return [...new Set(known.map(currentZoneName))].sort((a, b) =>
    zoneNameForPeople(a).localeCompare(zoneNameForPeople(b), "en"),
  );
}

const currentNames = new Map<string, string>(RENAMED);

/** The zone's current IANA name for an old one ("Asia/Calcutta" → "Asia/Kolkata"), else itself. */
export function currentZoneName(zone: string): string {
  return currentNames.get(zone) ?? zone;
}

/** A recent fixed day: before a zone kept summer time the runtime names only its standard time. */
const GENERIC_NAME_DAY = new Date(Date.UTC(2026, 0, 15));

/** One name per zone the runtime knows: making a formatter costs far more than reading the map. */
const peopleNames = new Map<string, string>();

/**
 * The one way a zone is written to a person, on every page, e-mail and message (docs/scheduling.md,
 * "How times and zones are written"): the name people know, then the IANA name by its current
 * spelling with spaces for underscores, so it stays recognisable: "Eastern Time (America/New
 * York)", "India Standard Time (Asia/Kolkata)"; "UTC" alone, the name everyone knows it by (its long name
 * only made each time longer); the IANA name alone when the runtime knows the zone only by an
 * offset ("GMT+03:00") or not at all.
 */
export function zoneNameForPeople(zone: string): string {
  const known = peopleNames.get(zone);
  if (known !== undefined) return known;
  const current = currentZoneName(zone);
  if (current === "UTC" || current === "Etc/UTC") return "UTC";
  const place = placeText(current);
  let name: string | undefined;
  try {
    name = new Intl.DateTimeFormat("en", { timeZone: current, timeZoneName: "longGeneric" })
      .formatToParts(GENERIC_NAME_DAY)
      .find((part) => part.type === "timeZoneName")?.value;
  } catch {
    return place;
  }
  const written = name && !name.startsWith("GMT") ? `${name} (${place})` : place;
  peopleNames.set(zone, written);
  return written;
}

/** "Mon, Mar 1, 09:00 Central European Time (Europe/Berlin)": a time followed by its zone's name. */
export function withZone(time: string, zone: string): string {
  return `${time} ${zoneNameForPeople(zone)}`;
}
