import type { MatchItem } from "@shared/matches";
import type { MatchTimeZones } from "@shared/working-hours";
import { clockIn, dateIn, instantAt } from "@shared/zone-clock";
import { withZone, zoneNameForPeople } from "@shared/zone-names";
import { Clock } from "lucide-react";
import { readerMember, useMatchTimeZones } from "./use-matches";

type Member = MatchTimeZones["members"][number];
const DAY_MS = 86_400_000;

/**
 * "Ana's 09:00 Central European Time (Europe/Berlin) is your 00:00 (Tue)": a partner's working day
 * in the reader's own zone, on the partner's next working day (docs/matches.md, "Time zones"). The
 * partner's zone is named beside the partner's time, so it is not read as the reader's.
 */
export function partnerTimeText(name: string, partner: Member, me: Member, now: number): string {
  if (partner.timeZone === me.timeZone) return `${name} works in your time zone.`;
  for (let i = 0; i < 8; i++) {
    const date = dateIn(partner.timeZone, now + i * DAY_MS);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay() || 7;
    const hours = partner.workingHours.find((d) => d.day === weekday);
    if (!hours) continue;
    const start = instantAt(partner.timeZone, date, hours.start);
    const end = instantAt(partner.timeZone, date, hours.end === "24:00" ? "23:59" : hours.end);
    const theirs = clockIn(partner.timeZone, start).weekday;
    const show = (at: number) => {
      const mine = clockIn(me.timeZone, at);
      return mine.weekday === theirs ? mine.time : `${mine.time} (${mine.weekday})`;
    };
    return `${name}'s ${withZone(hours.start, partner.timeZone)} is your ${show(start)}; ${name}'s ${hours.end} is your ${show(end)}.`;
  }
  return `${name} has no working hours set (time zone: ${zoneNameForPeople(partner.timeZone)}).`;
}

export function PartnerTimeLine({
  item,
  partner,
}: {
  item: MatchItem;
  partner: MatchItem["partners"][number];
}) {
  const query = useMatchTimeZones(item.match.id);
  if (!query.data) return null;
  const me = readerMember(item, query.data);
  const theirs = query.data.members.find((m) => m.userId === partner.id);
  if (!me || !theirs) return null;
  const name = partner.firstName?.trim() || "Your partner";
  return (
    <p className="flex items-start gap-1.5 text-sm text-coffee-800">
      <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-coffee-700" />
      <span>{partnerTimeText(name, theirs, me, Date.now())}</span>
    </p>
  );
}
