import { longDay } from "@shared/date-text";
import type { RoundView, TimelineEntry, TimelineState, TimelineStep } from "@shared/rounds";
import { atInZone } from "@shared/zone-clock";
import { Badge, type BadgeColor } from "../../../components/ui/badge";

const stepNames: Record<TimelineStep, string> = {
  draft: "Draft (admins review)",
  publish: "Published (members told)",
  "check-in": "Check-in",
  reminder: "Check-in reminder",
  complete: "Completed",
};

const stateBadges: Record<TimelineState, { label: string; color: BadgeColor }> = {
  planned: { label: "Planned", color: "grey" },
  before_start: { label: "Before the start", color: "grey" },
  pending: { label: "Due", color: "yellow" },
  running: { label: "Running", color: "blue" },
  done: { label: "Done", color: "green" },
  skipped: { label: "Skipped", color: "brown" },
  failed: { label: "Failed", color: "red" },
};

/**
 * A step written down and waiting reads "Scheduled" until its time comes and "Due" from then on:
 * a check-in two weeks away is not due.
 */
export function stepBadge(entry: TimelineEntry, now: Date): { label: string; color: BadgeColor } {
  if (entry.state === "pending" && new Date(entry.at).getTime() > now.getTime()) {
    return { label: "Scheduled", color: "grey" };
  }
  return stateBadges[entry.state];
}

/**
 * The date a step reads with (docs/rounds.md, "What admins see"): a done step the moment it was
 * done — a round an admin completed early, a publish made late —, any other its planned date.
 */
export function shownAt(entry: TimelineEntry): string {
  return entry.state === "done" && entry.doneAt ? entry.doneAt : entry.at;
}

type Place = { timeZone: string; now: Date };

function Step({ entry, place }: { entry: TimelineEntry; place: Place }) {
  const badge = stepBadge(entry, place.now);
  return (
    <li className="flex flex-wrap items-baseline gap-x-3 gap-y-1 border-l-2 border-coffee-200 pl-3">
      <span className="font-medium text-coffee-900">{stepNames[entry.step]}</span>
      <span className="text-sm text-coffee-700">{atInZone(shownAt(entry), place.timeZone)}</span>
      <Badge color={badge.color}>{badge.label}</Badge>
      {entry.note && <span className="w-full text-xs text-coffee-700">{entry.note}</span>}
    </li>
  );
}

function Steps({ steps, place }: { steps: TimelineEntry[]; place: Place }) {
  return (
    <ol className="grid gap-2">
      {steps.map((entry) => (
        <Step key={entry.step} entry={entry} place={place} />
      ))}
    </ol>
  );
}

const ordinals = ["First", "Second", "Third"];
/** "Second round of November 2026": the product's words for a month's second run. */
const runTitle = (index: number, month: string) =>
  index < ordinals.length
    ? `${ordinals[index]} round of ${month}`
    : `Round ${index + 1} of ${month}`;

/**
 * One round's steps, draft to completed, with their dates and what happened; a month paired a
 * second time shows its earlier rounds first, each with its own steps (docs/rounds.md). `now` is
 * the server's time of the rounds' answer: a step is Scheduled or Due by it, not by the browser's.
 */
export function RoundTimeline({
  title,
  round,
  timeZone,
  now,
}: {
  title: string;
  round: RoundView;
  timeZone: string;
  now: Date;
}) {
  const place = { timeZone, now };
  return (
    <div className="grid gap-2">
      <h4 className="text-sm font-semibold text-coffee-900">
        {title}: {round.monthLabel} (pairing day {longDay(round.pairingDay)})
      </h4>
      {round.earlierRuns.map((run, i) => (
        <section key={run.pairingId} className="grid gap-2">
          <h5 className="text-sm text-coffee-900">{runTitle(i, round.monthLabel)}</h5>
          <Steps steps={run.steps} place={place} />
        </section>
      ))}
      {round.earlierRuns.length > 0 && (
        <h5 className="text-sm text-coffee-900">
          {runTitle(round.earlierRuns.length, round.monthLabel)}
        </h5>
      )}
      <Steps steps={round.steps} place={place} />
    </div>
  );
}
