import { atInZone, dateIn } from "@shared/zone-clock";

const yearIn = (zone: string, at: string | Date) =>
  dateIn(zone, new Date(at).getTime()).slice(0, 4);

/**
 * An activity line's time in the company's zone, with its year when that is not this year's (the
 * list runs back across New Year): "Mon, Nov 2, 2026, 09:00 UTC" read in 2027. `now` is the
 * server's; until it is known every line says its year.
 */
export function activityTime(at: string, zone: string, now: Date | null): string {
  return atInZone(at, zone, { year: now === null || yearIn(zone, at) !== yearIn(zone, now) });
}

/**
 * Who did it, shown after the line ("— Ann Admin"), unless the line already begins with that
 * name ("Ann Admin completed …"); nobody for what the programme did by itself.
 */
export function activityActor(detail: string, byName: string | null): string | null {
  if (!byName || detail === byName || detail.startsWith(`${byName} `)) return null;
  return byName;
}
