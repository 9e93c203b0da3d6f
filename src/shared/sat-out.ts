type GroupSize = 2 | 3 | 4;

/**
 * Why someone sat out (docs/pairings.md, "Who sat out and why"), as data: stored with the pairing and
 * rendered with the names of the day (`satOutText`), so a deleted account leaves no name behind.
 * Each kind is the first rule, in this order, that leaves the person without any group:
 * department wishes, then the repeat window, then people's own rules, then shared working hours, then group sizes; else the numbers (the most people
 * any arrangement places).
 */
export type SatOutReason =
  /** Asked for same-department chats; `others` other people of the department were ready. */
  | { kind: "same-department"; department: string; others: number }
  /** Asked for cross-department chats; `others` people of other departments were ready. */
  | { kind: "cross-department"; department: string; others: number }
  /** Open to anyone, but everyone else's wish rules them out. */
  | { kind: "nobody-allows"; department: string }
  /** Everyone whose wishes allow a chat was met within the repeat window. */
  | { kind: "all-met"; months: number; could: number }
  /**
   * Everyone else allowed is kept apart by someone's own rule (a "never with" list, a manager and
   * their reports, no shared way to meet); `meet` when no shared way to meet is the rule for all.
   * Never names whom.
   */
  | { kind: "own-rules"; could: number; meet: boolean }
  /** Everyone else allowed shares less than `minutes` of working time in the next two weeks. */
  | { kind: "working-hours"; minutes: number; could: number }
  /** Someone could be met, but no group with them keeps everyone within one size of their choice. */
  | { kind: "size"; choice: GroupSize; could: number; allChoseFour: boolean }
  /** A group was possible, but every arrangement leaves this many out. */
  | { kind: "numbers"; ready: number; left: number; oddPairs: boolean }
  /**
   * Not ready when the pairing was made (signed up, finished their profile or came back since):
   * never stored, read when shown (docs/pairings.md, "Joined after the pairings were made").
   */
  | { kind: "joined-late" };

/** The stored form: one entry per person who sat out. */
export interface SatOutEntry {
  userId: string;
  reason: SatOutReason;
}

const CHOICES: Record<GroupSize, string> = {
  2: "one-to-one chats",
  3: "groups of three",
  4: "groups of four",
};

/** The reason as one sentence, with the person's name of the day. */
export function satOutText(reason: SatOutReason, name: string): string {
  switch (reason.kind) {
    case "same-department":
      return reason.others === 0
        ? `No one else in ${reason.department} is free this month and ${name} asked for same-department chats.`
        : `Everyone else free in ${reason.department} asked for cross-department chats, and ${name} asked for same-department chats.`;
    case "cross-department":
      return reason.others === 0
        ? `Everyone free this month is in ${reason.department} and ${name} asked for cross-department chats.`
        : `Everyone free outside ${reason.department} asked for same-department chats, and ${name} asked for cross-department chats.`;
    case "nobody-allows":
      return `Nobody free this month can meet ${name}: the others in ${reason.department} asked for cross-department chats and everyone else for same-department chats.`;
    case "all-met":
      return `Everyone ${name} could meet was met in the last ${reason.months === 1 ? "month" : `${reason.months} months`}.`;
    case "own-rules":
      return reason.meet
        ? `Nobody ${name} could meet shares a way to meet with them this month: in person needs the same office, online needs both to accept online chats.`
        : `Everyone ${name} could meet is kept apart from them by a personal rule: a private "never with" list, a manager and their reports, or no shared way to meet.`;
    case "working-hours":
      return `${reason.could === 1 ? "The one person" : `Each of the ${reason.could} people`} ${name} could meet shares less than ${durationText(reason.minutes)} of working time with them in the next two weeks.`;
    case "size":
      return reason.allChoseFour && reason.choice === 2
        ? `Everyone ${name} could meet chose groups of four, and ${name} chose one-to-one chats.`
        : `${name} chose ${CHOICES[reason.choice]}, and no group with the ${reason.could === 1 ? "one person" : `${reason.could} people`} ${name} could meet keeps everyone within one size of their choice.`;
    case "numbers":
      return numbersText(reason, name);
    case "joined-late":
      return `Joined after the pairings were made: ${name} was not ready to be paired when they were made.`;
  }
}

/** "1 hour", "90 minutes", "2 hours". */
export function durationText(minutes: number): string {
  if (minutes % 60 === 0) return minutes === 60 ? "1 hour" : `${minutes / 60} hours`;
  return `${minutes} minutes`;
}

function numbersText(reason: Extract<SatOutReason, { kind: "numbers" }>, name: string): string {
  const left = reason.left === 1 ? "one person" : `${reason.left} people`;
  const why = reason.oddPairs
    ? `${reason.ready} people were ready and chats are in pairs`
    : `${reason.ready} people were ready and the rules let at most ${reason.ready - reason.left} of them meet`;
  return `Every arrangement leaves ${left} out this month: ${why}; ${name} was drawn among those who could sit out.`;
}

/**
 * The draft review's count of people who sat out by people's own rules, in the eligibility
 * forecast's words and without names; null when nobody did.
 */
export function ownRulesSatOutText(count: { people: number; noWayToMeet: number }): string | null {
  if (count.people <= 0) return null;
  const who = count.people === 1 ? "1 person sat" : `${count.people} people sat`;
  const meet =
    count.noWayToMeet === 0
      ? ""
      : count.noWayToMeet === count.people
        ? count.people === 1
          ? ", sharing no way to meet with anyone free"
          : ", all sharing no way to meet with anyone free"
        : `, ${count.noWayToMeet} of them sharing no way to meet with anyone free`;
  return `${who} out by their own rules (never with, manager, way to meet)${meet}.`;
}

/** People of one place who sit out for want of shared working time (docs/pairings.md). */
export interface NoSharedHours {
  /** Their office, else their time zone ("Japan Standard Time (Asia/Tokyo)"). */
  place: string;
  people: number;
  /** The least shared working time a chat needs (`MIN_OVERLAP_MINUTES`). */
  minutes: number;
}

/**
 * The warning the eligibility check and the draft review give ahead of a run for the people of
 * one place the working-hours rule leaves out (the engine's "working-hours" reason).
 */
export function noSharedHoursText(group: NoSharedHours): string {
  const who = group.people === 1 ? "1 person" : `${group.people} people`;
  return `${who} in ${group.place} ${group.people === 1 ? "shares" : "share"} no working hours with anyone they can be matched with (less than ${durationText(group.minutes)} in the next two weeks): they will sit out unless their working hours, or those of people they can meet, overlap more.`;
}
