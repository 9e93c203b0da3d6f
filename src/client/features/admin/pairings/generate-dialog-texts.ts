import { longDate, longDay } from "@shared/date-text";
import { type GeneratePlan, generatePlanSchema } from "@shared/generate-plan";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** "Monday, November 30" for a YYYY-MM-DD day; null for anything else, which no one could read. */
function readableDay(day: string): string | null {
  if (!DAY.test(day) || Number.isNaN(Date.parse(day))) return null;
  return longDay(day);
}

/** "Thursday, December 3" for an instant, in the company's zone; null when it is no instant. */
function readableInstant(iso: string, timeZone: string): string | null {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  try {
    return longDate(at, timeZone);
  } catch {
    return null;
  }
}

/** What members see and when they are e-mailed: at once on Cup of Joe, by e-mail with the newsletter. */
const VISIBILITY =
  "Each of them sees their match on Cup of Joe at once. Nobody is e-mailed until you send the newsletter; once they were, deleting the pairing e-mails each of them that the match is off.";

/** "The pairing day was …, so …: " when the month starts late, else nothing. */
function lateStart(plan: GeneratePlan): string {
  if (!plan.late) return "";
  const day = readableDay(plan.pairingDay);
  const was = day ? `The pairing day was ${day}` : "The pairing day has passed";
  return `${was}, so this month's dates count from today: `;
}

/** What follows the dates: no automatic rounds, or a check-in too close to the next round. */
function afterDates(plan: GeneratePlan, groupLabel: string): string {
  if (!plan.auto) {
    return `Automatic rounds are off for ${groupLabel}, so nobody is asked "Did you meet?".`;
  }
  if (plan.checkInAt !== null) return "";
  const next = readableDay(plan.nextPairingDay);
  if (!next) {
    return 'The next pairing day is too soon to ask "Did you meet?" before it: people matched now are not asked, and their match completes then. You can wait for the next pairing day and let that round pair everyone instead.';
  }
  return `The next pairing day, ${next}, is too soon to ask "Did you meet?" before it: people matched now are not asked, and their match completes on ${next}. You can wait for ${next} and let that round pair everyone instead.`;
}

/**
 * The month's dates as Generate will start them (docs/rounds.md, "A start on any day"): counted
 * from today when the pairing day has passed; a check-in the next round would come before is
 * not held, and the admin is offered the next pairing day instead. A date that cannot be read is
 * left out of its sentence rather than shown as "Invalid Date".
 */
export function planText(plan: GeneratePlan, groupLabel: string): string {
  const awayUntil = readableDay(plan.awayUntil);
  const next = readableDay(plan.nextPairingDay);
  const tooSoon = plan.auto && plan.checkInAt === null;
  const checkIn =
    plan.auto && plan.checkInAt !== null ? readableInstant(plan.checkInAt, plan.timeZone) : null;
  const clauses = [
    awayUntil && `"My partner is away" can be used until ${awayUntil}`,
    checkIn && `"Did you meet?" is asked on ${checkIn}`,
    !tooSoon &&
      `the pairing completes when the next round is published${next ? ` on ${next}` : ""}`,
  ].filter((clause) => typeof clause === "string");
  const start = lateStart(plan);
  const joined = clauses.join("; ");
  const sentence = start ? `${start}${joined}` : joined.charAt(0).toUpperCase() + joined.slice(1);
  const dates = clauses.length > 0 ? `${sentence}.` : "";
  return [dates, afterDates(plan, groupLabel)].filter((part) => part !== "").join(" ");
}

/**
 * What the dialog says instead when the scope's pairing of the month is still running: the
 * server refuses a Generate then (docs/pairings.md), so nothing is offered.
 */
export function runningDialogTexts(month: string, groupLabel: string, pairingName: string) {
  return {
    title: `${month} pairings for ${groupLabel} are still running`,
    description: `"${pairingName}" is still running, so Generate makes nothing now. Complete or delete it first under Current Pairings; a Generate after Complete makes a second ${month} round.`,
  };
}

/** What Generate will do: the month's first round, or a second partner for everyone. */
export function generateDialogTexts(
  round: "first" | "second",
  month: string,
  groupLabel: string,
  plan: GeneratePlan | undefined,
) {
  // An answer that is no plan (a sample dashboard without one, say) shows no dates at all.
  const read = generatePlanSchema.safeParse(plan);
  const known = read.success ? read.data : undefined;
  const dates = known ? ` ${planText(known, groupLabel)}` : "";
  const tooLate = known?.auto === true && known.checkInAt === null;
  if (round === "second") {
    return {
      title: `Start a second ${month} round for ${groupLabel}?`,
      description: `The ${month} round for ${groupLabel} is already completed. A second round gives everyone ready to pair a second partner in ${month}; nobody is paired with someone they met this month. ${VISIBILITY}${dates}`,
      confirmLabel: "Generate a second round",
    };
  }
  return {
    title: `Generate ${month} pairings for ${groupLabel}?`,
    description: `Everyone ready to pair in ${groupLabel} gets a partner for ${month}. ${VISIBILITY}${dates}`,
    confirmLabel: tooLate ? `Generate ${month} pairings anyway` : `Generate ${month} pairings`,
  };
}
