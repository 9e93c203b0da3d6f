import type { GeneratePlan } from "@shared/generate-plan";
import { dayText } from "@shared/zone-clock";

/** "Thursday, December 3" for an instant, in the company's zone. */
const instantText = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleDateString("en", {
    weekday: "long",
    month: "long",
    day: "numeric",
    timeZone,
  });

/** What members see and when they are e-mailed: at once on Cup of Joe, by e-mail with the newsletter. */
const VISIBILITY =
  "Each of them sees their match on Cup of Joe at once. Nobody is e-mailed until you send the newsletter; once they were, deleting the pairing e-mails each of them that the match is off.";

/**
 * The month's dates as Generate will start them (docs/rounds.md, "A start on any day"): counted
 * from today when the pairing day has passed; a check-in the next round would come before is
 * not held, and the admin is offered the next pairing day instead.
 */
export function planText(plan: GeneratePlan, groupLabel: string): string {
  const away = `"My partner is away" can be used until ${dayText(plan.awayUntil)}`;
  const next = dayText(plan.nextPairingDay);
  const completes = `the pairing completes when the next round is published on ${next}`;
  const start = plan.late
    ? `The pairing day was ${dayText(plan.pairingDay)}, so this month's dates count from today: `
    : "";
  if (!plan.auto) {
    return `${start}${away}; ${completes}. Automatic rounds are off for ${groupLabel}, so nobody is asked "Did you meet?".`;
  }
  if (plan.checkInAt === null) {
    return `${start}${away}. The next pairing day, ${next}, is too soon to ask "Did you meet?" before it: people matched now are not asked, and their match completes on ${next}. You can wait for ${next} and let that round pair everyone instead.`;
  }
  return `${start}${away}; "Did you meet?" is asked on ${instantText(plan.checkInAt, plan.timeZone)}; ${completes}.`;
}

/** What Generate will do: the month's first round, or a second partner for everyone. */
export function generateDialogTexts(
  round: "first" | "second",
  month: string,
  groupLabel: string,
  plan: GeneratePlan | undefined,
) {
  const dates = plan ? ` ${planText(plan, groupLabel)}` : "";
  const tooLate = plan?.auto === true && plan.checkInAt === null;
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
