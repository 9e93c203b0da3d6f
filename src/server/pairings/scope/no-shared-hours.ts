import type { NoSharedHours, SatOutEntry } from "../../../shared/sat-out";
import { zoneNameForPeople } from "../../../shared/zone-names";

/** Where a person works as a warning names it: their office, else their time zone ("Japan Standard Time (Asia/Tokyo)"). */
export function placeOf(
  person: { office?: string | null; timeZone: string | null },
  companyTimeZone: string,
): string {
  return person.office?.trim() || zoneNameForPeople(person.timeZone ?? companyTimeZone);
}

/**
 * The people the engine's reasons leave out for want of shared working time ("working-hours",
 * src/server/matching/sat-out-reason.ts), counted by place, the largest first: the one rule
 * generate keeps, read from its own reasons (docs/pairings.md, "No shared working hours").
 */
export function noSharedHoursByPlace(
  entries: readonly SatOutEntry[],
  placeOfPerson: (userId: string) => string | undefined,
): NoSharedHours[] {
  const byPlace = new Map<string, NoSharedHours>();
  for (const { userId, reason } of entries) {
    if (reason.kind !== "working-hours") continue;
    const place = placeOfPerson(userId);
    if (place === undefined) continue;
    const group = byPlace.get(place) ?? { place, people: 0, minutes: reason.minutes };
    group.people += 1;
    byPlace.set(place, group);
  }
  return [...byPlace.values()].sort(
    (a, b) => b.people - a.people || a.place.localeCompare(b.place),
  );
}
