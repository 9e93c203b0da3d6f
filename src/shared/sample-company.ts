import { answerList, chatHappened } from "./chat-happened";
import { wishAllows } from "./department-wishes";
import type { ConnectionStatus, MatchingPreference, ParticipationStatus } from "./enums";
import { publishTimeOf } from "./pairing-day";
import { fileNameBase, readablePairingName } from "./pairing-file-names";
import { type CompletedPairingContent, fileMembers } from "./pairings";
import { personName } from "./person-name";
import { defaultPairingSchedule } from "./rounds";
import { SAMPLE_DOMAIN } from "./sample-domain";
import { SAMPLE_EMPLOYEES } from "./sample-size";

/**
 * The sample company, as plain data from a seeded generator: the server stores it (DEMO=1, see
 * docs/admin-console.md) and the sample dashboard /admin-demo shows the very same people,
 * departments and monthly rounds, so both tell one story. Same seed, same company, on every machine.
 */
export { SAMPLE_DOMAIN, SAMPLE_EMPLOYEES };
export const SAMPLE_GROUP = { name: "acme", displayName: "Acme Corp" } as const;
/** The company's name as its admin saved it (the Company step of Getting started). */
export const SAMPLE_COMPANY_NAME = SAMPLE_GROUP.displayName;
/** How many rounds of history come before the current month's. */
export const SAMPLE_HISTORY_MONTHS = 6;
/** Months within which a pair never meets again: the pairing engine's default repeat window. */
export const SAMPLE_REPEAT_WINDOW_MONTHS = 3;

/** [key, display name]; the default department last. */
export const sampleDepartmentList = [
  ["engineering", "Engineering"],
  ["sales", "Sales"],
  ["marketing", "Marketing"],
  ["design", "Design"],
  ["product", "Product"],
  ["people-culture", "People & Culture"],
  ["finance", "Finance"],
  ["customer-success", "Customer Success"],
  ["Other", "Other"],
] as const;

/**
 * The company's offices with each one's time zone, [name, IANA zone]; its people work there, 09:00
 * to 17:00 their time (the company's default hours). New York and Bengaluru share no working hour,
 * so nobody of one is paired with anybody of the other (`shareHours`), as the engine's shared-time
 * rule would not (src/server/matching/FORMAT.md, rule 4).
 */
export const sampleOfficeList = [
  ["Berlin", "Europe/Berlin"],
  ["New York", "America/New_York"],
  ["Bengaluru", "Asia/Kolkata"],
] as const;
export const SAMPLE_OFFICES: string[] = sampleOfficeList.map(([name]) => name);
type SampleOffice = (typeof sampleOfficeList)[number][0];
const apartOffices: ReadonlySet<string> = new Set(["New York", "Bengaluru"]);

/** Whether two sample people share working time: anyone but New York with Bengaluru. */
const shareHours = (a: Pick<SamplePerson, "office">, b: Pick<SamplePerson, "office">) =>
  a.office === b.office || !(apartOffices.has(a.office) && apartOffices.has(b.office));

/** Whether both people's department wishes let them meet, as the engine's rule 2 does. */
const wishesAllow = (a: SamplePerson, b: SamplePerson) => {
  const same = a.department === b.department;
  return wishAllows(a.matchingPreference, same) && wishAllows(b.matchingPreference, same);
};

const firstNames = [
  "Ada",
  "Ben",
  "Chloe",
  "Dev",
  "Elena",
  "Farid",
  "Grace",
  "Hugo",
  "Imani",
  "Jonas",
  "Kira",
  "Luca",
  "Maya",
  "Nico",
  "Olga",
  "Priya",
  "Quinn",
  "Rosa",
  "Sam",
  "Tariq",
];
const lastNames = [
  "Okafor",
  "Lindqvist",
  "Moreau",
  "Patel",
  "Rossi",
  "Haddad",
  "Kim",
  "Novak",
  "Silva",
  "Weber",
];
const bios = [
  "Ask me about sourdough and distributed systems.",
  "Weekend hiker, weekday spreadsheet wrangler.",
  "Always up for a flat white and a book recommendation.",
  "New to the team — show me your favourite coffee spot!",
  "",
];

/** Small deterministic generator (mulberry32). */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SamplePerson {
  email: string;
  firstName: string;
  lastName: string;
  /** A department key of sampleDepartmentList. */
  department: string;
  matchingPreference: MatchingPreference;
  bio: string | null;
  participationStatus: ParticipationStatus;
  onLeave: boolean;
  /** An office of sampleOfficeList, and its zone (confirmed: the person set up their profile). */
  office: SampleOffice;
  timeZone: string;
}

/** People number `first` to `first + count - 1` of the sample company. */
export function samplePeople(count: number, first = 0, seed = 42): SamplePerson[] {
  const random = seededRandom(seed + first);
  // Offices draw from their own stream, so everything else about a person stays as it was.
  const officeRandom = seededRandom((seed + first) ^ 0x0ff1ce);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  return Array.from({ length: count }, (_, i) => {
    const n = first + i;
    const firstName = firstNames[n % firstNames.length];
    const lastName = lastNames[Math.floor(n / firstNames.length) % lastNames.length];
    const roll = random();
    const prefRoll = random();
    const [office, timeZone] =
      sampleOfficeList[Math.floor(officeRandom() * sampleOfficeList.length)];
    return {
      email: `${firstName}.${lastName}${n >= 200 ? n : ""}@${SAMPLE_DOMAIN}`.toLowerCase(),
      firstName,
      lastName,
      department: pick(sampleDepartmentList.slice(0, -1))[0],
      matchingPreference:
        prefRoll < 0.6 ? "any" : prefRoll < 0.85 ? "cross-department" : "same-department",
      bio: pick(bios) || null,
      participationStatus: roll < 0.85 ? "active" : roll < 0.93 ? "paused" : "opted_out",
      onLeave: random() < 0.04,
      office,
      timeZone,
    };
  });
}

/** One match of a round: indexes into the people list, and each member's answer. */
export interface SampleMatch {
  members: number[];
  answers: ConnectionStatus[];
}

export interface SampleRound {
  /** `yyyy-MM`. */
  month: string;
  /** 0 for the current month's running round, 1 for last month's, … */
  monthsAgo: number;
  matches: SampleMatch[];
  /** When it was published: its pairing day at the step hour (docs/rounds.md, "When"). */
  publishedAt: Date;
  /** When the next round was published; null for the current round. */
  completedAt: Date | null;
  /**
   * Who was asked "Still up for coffee chats?" as this round was made, and left out of it until
   * they answer: silent in each of the three rounds before (docs/check-ins.md, "Quiet people").
   * Only the running round asks anyone.
   */
  asked: number[];
}

/** How many people of the sample company never answered their last three rounds' check-ins. */
export const SAMPLE_QUIET_PEOPLE = 3;
/** Rounds in a row without a word before someone is asked (docs/check-ins.md, "Quiet people"). */
const SILENT_ROUNDS = 3;

/** `yyyy-MM` of `now` (UTC) moved by `delta` months. */
export function sampleMonth(now: Date, delta: number): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + delta, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** When a month's round is published; by default on the company's default schedule, in UTC. */
export type SamplePublishTime = (month: string) => Date;

const defaultPublishTime: SamplePublishTime = (month) =>
  publishTimeOf(month, defaultPairingSchedule, "UTC");

/**
 * Six completed rounds and the current one. A round pairs who was taking part then (people who
 * opted out did so two months ago, today's pauses and leaves are recent) at random, a trio taking
 * the odd one, every pair keeps both people's department wishes (`wishesAllow`), no pair meets
 * again within SAMPLE_REPEAT_WINDOW_MONTHS and every pair shares working hours (`shareHours`), as
 * the engine rules; the few a round cannot place so sit it out (`avoidClashes`).
 * Past answers: about two in three matches met, one in six missed, the rest never answered; the
 * current round has its first answers. A round is completed when the next one is published.
 */
export function sampleRounds(
  people: SamplePerson[],
  now: Date,
  seed = 7,
  publishAt: SamplePublishTime = defaultPublishTime,
): SampleRound[] {
  // The running round is the latest one already published (its pairing day has come).
  const anchor =
    publishAt(sampleMonth(now, 0)) <= now ? now : new Date(`${sampleMonth(now, -1)}-01`);
  const random = seededRandom(seed);
  // Each person's partners so far, as [partner, monthsAgo, partner, monthsAgo, …]: a few each.
  const met: number[][] = people.map(() => []);
  const rounds: SampleRound[] = [];
  for (let monthsAgo = SAMPLE_HISTORY_MONTHS; monthsAgo >= 0; monthsAgo--) {
    const asked = monthsAgo === 0 ? silenced(rounds.slice(-SILENT_ROUNDS), people, random) : [];
    const left = new Set(asked);
    const taking: number[] = [];
    people.forEach((p, i) => {
      if (takesPart(p, monthsAgo) && !left.has(i)) taking.push(i);
    });
    shuffle(taking, random);
    // A pair may not meet when a department wish forbids it, it met recently or shares no hour.
    const apart = (a: number, b: number) =>
      !wishesAllow(people[a], people[b]) ||
      !shareHours(people[a], people[b]) ||
      metWithin(met[a], b, monthsAgo);
    const { departments, rest } = ownDepartmentGroups(taking, people);
    const grouped = departments.flatMap((list) => avoidClashes(pairOff(list), apart, random));
    const matches = [...avoidClashes(pairOff(rest), apart, random), ...grouped].map((members) => ({
      members,
      answers: answersFor(members.length, monthsAgo === 0, random),
    }));
    for (const { members } of matches) {
      for (const [a, b] of pairsOf(members)) {
        met[a].push(b, monthsAgo);
        met[b].push(a, monthsAgo);
      }
    }
    const month = sampleMonth(anchor, -monthsAgo);
    const publishedAt = publishAt(month);
    const previous = rounds.at(-1);
    if (previous) previous.completedAt = publishedAt;
    rounds.push({
      month,
      monthsAgo,
      matches,
      publishedAt,
      completedAt: null,
      asked,
    });
  }
  return rounds;
}

/**
 * Up to SAMPLE_QUIET_PEOPLE people, drawn from the stream, who take part in the running round and
 * were placed in each of the three rounds before it, made silent there: their own answer none,
 * their partners' "met" a "missed", so nobody reported meeting and the quiet-people rule finds
 * them (docs/check-ins.md).
 */
function silenced(last: SampleRound[], people: SamplePerson[], random: () => number): number[] {
  if (last.length < SILENT_ROUNDS) return [];
  const placed = new Uint8Array(people.length);
  for (const round of last) for (const m of round.matches) for (const i of m.members) placed[i]++;
  const candidates: number[] = [];
  placed.forEach((times, i) => {
    if (times === SILENT_ROUNDS && takesPart(people[i], 0)) candidates.push(i);
  });
  const chosen = new Set<number>();
  while (chosen.size < Math.min(SAMPLE_QUIET_PEOPLE, candidates.length))
    chosen.add(candidates[Math.floor(random() * candidates.length)]);
  for (const round of last) {
    for (const { members, answers } of round.matches) {
      if (!members.some((i) => chosen.has(i))) continue;
      members.forEach((i, k) => {
        if (chosen.has(i)) answers[k] = "pending";
        else if (answers[k] === "confirmed") answers[k] = "not_confirmed";
      });
    }
  }
  return [...chosen].sort((a, b) => a - b);
}

/** Whether `partners` (see `met` in sampleRounds) holds `b` within the repeat window of a round. */
function metWithin(partners: number[], b: number, monthsAgo: number): boolean {
  for (let k = 0; k < partners.length; k += 2) {
    if (partners[k] === b && partners[k + 1] - monthsAgo <= SAMPLE_REPEAT_WINDOW_MONTHS)
      return true;
  }
  return false;
}

function pairsOf(members: number[]): Array<[number, number]> {
  return members.flatMap((a, i) => members.slice(i + 1).map((b): [number, number] => [a, b]));
}

/**
 * How many other matches a clashing match tries to swap a member with. A fixed number, not every
 * match, keeps a round's work in proportion to the company (100,000 people, docs/performance.md,
 * "The sample company's generator"); a company of up to this many matches tries them all.
 */
const SWAP_TRIES = 64;

/**
 * Swaps members between matches so that no match holds a pair that may not meet: each clashing
 * match tries the matches that follow a random one. A match still clashing then keeps the pair of
 * its trio that may meet, else is left out, its members sitting the round out as the engine would
 * leave them.
 */
function avoidClashes(
  matches: number[][],
  apart: (a: number, b: number) => boolean,
  random: () => number,
): number[][] {
  const clash = (m: number[]) => {
    for (let i = 0; i < m.length; i++)
      for (let j = i + 1; j < m.length; j++) if (apart(m[i], m[j])) return true;
    return false;
  };
  const tries = Math.min(SWAP_TRIES, matches.length);
  for (const match of matches) {
    if (!clash(match)) continue;
    const start = Math.floor(random() * matches.length);
    for (let k = 0; k < tries && clash(match); k++) {
      const other = matches[(start + k) % matches.length];
      if (other !== match) swapInto(match, other, clash);
    }
  }
  const meeting: number[][] = [];
  for (const match of matches) {
    if (!clash(match)) meeting.push(match);
    else meeting.push(...meetingPart(match, clash));
  }
  return meeting;
}

/** Swaps a member of `match` with one of `other` when that leaves neither clashing. */
function swapInto(match: number[], other: number[], clash: (m: number[]) => boolean) {
  for (let p = 0; p < match.length; p++) {
    for (let q = 0; q < other.length; q++) {
      [match[p], other[q]] = [other[q], match[p]];
      if (!clash(match) && !clash(other)) return;
      [match[p], other[q]] = [other[q], match[p]];
    }
  }
}

/** What of a clashing match may meet: a pair of its trio, or nothing. */
function meetingPart(match: number[], clash: (m: number[]) => boolean): number[][] {
  if (match.length < 3) return [];
  const pair = pairsOf(match).find((p) => !clash(p));
  return pair ? [pair] : [];
}

/** New York and Bengaluru at either end, so that neighbours in one department share hours. */
const officeRank: Record<SampleOffice, number> = { "New York": 0, Berlin: 1, Bengaluru: 2 };

/**
 * Those who asked for their own department, one even list per department (by office; one colleague
 * who takes anyone evens an odd list, else its last one joins the rest), and everyone else, in
 * the shuffled order. Paired off within their department, they start with colleagues they may
 * meet, whom a bounded swap search (`avoidClashes`) would seldom find them in a large company.
 */
function ownDepartmentGroups(taking: number[], people: SamplePerson[]) {
  const byDepartment = new Map<string, number[]>();
  const rest: number[] = [];
  for (const i of taking) {
    const { matchingPreference, department } = people[i];
    if (matchingPreference !== "same-department") rest.push(i);
    else if (byDepartment.has(department)) byDepartment.get(department)?.push(i);
    else byDepartment.set(department, [i]);
  }
  const departments = [...byDepartment.values()].map((list) =>
    list.sort((a, b) => officeRank[people[a].office] - officeRank[people[b].office]),
  );
  for (const list of departments) {
    if (list.length % 2 === 0) continue;
    const department = people[list[0]].department;
    const k = rest.findIndex(
      (i) => people[i].department === department && people[i].matchingPreference === "any",
    );
    if (k >= 0) list.push(...rest.splice(k, 1));
    else rest.push(list.pop() as number);
  }
  return { departments, rest };
}

/** Pairs off a list in order, a trio taking the odd one; one person alone is paired with nobody. */
function pairOff(list: number[]): number[][] {
  const memberLists: number[][] = [];
  for (let i = 0; i + 1 < list.length; i += 2) {
    const trio = i + 3 === list.length;
    memberLists.push(list.slice(i, trio ? i + 3 : i + 2));
    if (trio) break;
  }
  return memberLists;
}

function takesPart(p: SamplePerson, monthsAgo: number): boolean {
  if (monthsAgo === 0) return p.participationStatus === "active" && !p.onLeave;
  return p.participationStatus !== "opted_out" || monthsAgo > 2;
}

function shuffle<T>(list: T[], random: () => number) {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
}

function answersFor(size: number, current: boolean, random: () => number): ConnectionStatus[] {
  const roll = random();
  const [met, missed] = current ? [0.3, 0.36] : [0.68, 0.85];
  const each = (answer: ConnectionStatus, share: number): ConnectionStatus[] => {
    const answers = Array.from({ length: size }, () => (random() < share ? answer : "pending"));
    answers[Math.floor(random() * size)] = answer;
    return answers;
  };
  if (roll < met) return each("confirmed", 0.8);
  if (roll < missed) return each("not_confirmed", current ? 0 : 0.75);
  return Array.from({ length: size }, () => "pending");
}

/** A completed round's pairing record name (the month's first run for the sample company, first record). */
export const sampleFileName = (month: string, groupName: string = SAMPLE_GROUP.displayName) =>
  `${fileNameBase(month, 1, groupName)}-1.json`;

/** A round's pairing name, as a pairing made for it is stored: the sample company has a group. */
export const samplePairingName = (month: string, groupName: string = SAMPLE_GROUP.displayName) =>
  readablePairingName({ month, runOfMonth: 1, domainGroupName: groupName }, { groups: true });

/** A completed round's pairing record, as completing the pairing writes it. */
export function sampleFileContent(
  round: SampleRound,
  people: SamplePerson[],
  groupName: string = SAMPLE_GROUP.displayName,
): CompletedPairingContent {
  const records = round.matches.map(({ members, answers }) => {
    return {
      ...fileMembers(members.map((i) => ({ name: personName(people[i]), email: people[i].email }))),
      status: "completed",
      chat_happened: chatHappened({ status: "completed", members: answerList(answers) }),
    };
  });
  return {
    name: samplePairingName(round.month, groupName),
    month: round.month,
    domainGroup: groupName,
    matches: records,
    chats_happened: records.filter((m) => m.chat_happened).length,
  };
}

/** What the mail server answered the one refused address. */
export const SAMPLE_REFUSAL = { code: "550", text: "550 5.1.1 Mailbox unavailable" } as const;

/** In one month of three the mail server refused the newsletter to one address, as happens. */
export const sampleDeliveryRefused = (round: SampleRound, member: number) =>
  round.monthsAgo % 3 === 1 && member === round.matches[0].members[0];
