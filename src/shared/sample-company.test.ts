import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  SAMPLE_HISTORY_MONTHS,
  SAMPLE_QUIET_PEOPLE,
  SAMPLE_REPEAT_WINDOW_MONTHS,
  type SamplePerson,
  type SampleRound,
  sampleOfficeList,
  samplePeople,
  sampleRounds,
} from "./sample-company";

const NOW = new Date("2026-03-20T12:00:00Z");

/** The department wishes of two people forbid them to meet (FORMAT.md, rule 2), written out here. */
const wishesForbid = (a: SamplePerson, b: SamplePerson) => {
  const same = a.department === b.department;
  const forbids = (p: SamplePerson) =>
    (p.matchingPreference === "same-department" && !same) ||
    (p.matchingPreference === "cross-department" && same);
  return forbids(a) || forbids(b);
};

/** New York and Bengaluru share no working hour (09:00–17:00 each); every other two offices do. */
const shareNoHour = (a: SamplePerson, b: SamplePerson) =>
  a.office !== b.office && [a.office, b.office].every((o) => o === "New York" || o === "Bengaluru");

/** Who a round may place: opting out was two months ago, today's pauses and leaves are recent. */
const mayTakePart = (p: SamplePerson, monthsAgo: number) =>
  monthsAgo === 0
    ? p.participationStatus === "active" && !p.onLeave
    : p.participationStatus !== "opted_out" || monthsAgo > 2;

/** Every broken rule of the rounds, in words; none when they keep them all. */
function brokenRules(people: SamplePerson[], rounds: SampleRound[]): string[] {
  const broken: string[] = [];
  const lastMet = new Map<string, number>();
  for (const { monthsAgo, matches } of rounds) {
    const placed = new Set<number>();
    const trios = matches.filter((m) => m.members.length === 3).length;
    if (trios > 1) broken.push(`${monthsAgo}: ${trios} trios`);
    for (const { members } of matches) {
      if (members.length < 2 || members.length > 3) broken.push(`${monthsAgo}: ${members}`);
      for (const m of members) {
        if (placed.has(m)) broken.push(`${monthsAgo}: ${m} placed twice`);
        if (!mayTakePart(people[m], monthsAgo)) broken.push(`${monthsAgo}: ${m} not taking part`);
        if (rounds.some((r) => r.monthsAgo === monthsAgo && r.asked.includes(m)))
          broken.push(`${monthsAgo}: ${m} placed while asked if still in`);
        placed.add(m);
      }
      for (const [i, a] of members.entries()) {
        for (const b of members.slice(i + 1)) {
          if (shareNoHour(people[a], people[b])) broken.push(`${monthsAgo}: ${a}, ${b} apart`);
          if (wishesForbid(people[a], people[b]))
            broken.push(`${monthsAgo}: ${a}, ${b} against their department wishes`);
          const key = [a, b].sort((x, y) => x - y).join("-");
          const before = lastMet.get(key);
          if (before !== undefined && before - monthsAgo <= SAMPLE_REPEAT_WINDOW_MONTHS)
            broken.push(`${monthsAgo}: ${key} met ${before} months ago`);
          lastMet.set(key, monthsAgo);
        }
      }
    }
  }
  return broken;
}

/**
 * Whoever the running round asked "Still up for coffee chats?" breaks the quiet-people rule
 * (docs/check-ins.md) unless they would be paired now and were in each of the three rounds before,
 * saying nothing while no partner reported meeting; in words, none when all keep it.
 */
function quietBroken(people: SamplePerson[], rounds: SampleRound[]): string[] {
  const broken: string[] = [];
  const running = rounds.at(-1) as SampleRound;
  for (const round of rounds.slice(0, -1))
    if (round.asked.length) broken.push(`${round.month} asked`);
  for (const person of running.asked) {
    if (!mayTakePart(people[person], 0)) broken.push(`${person} asked but not taking part`);
    for (const round of rounds.slice(-4, -1)) {
      const match = round.matches.find((m) => m.members.includes(person));
      if (!match) broken.push(`${person} not in ${round.month}`);
      else if (match.answers[match.members.indexOf(person)] !== "pending")
        broken.push(`${person} answered in ${round.month}`);
      else if (match.answers.includes("confirmed"))
        broken.push(`${person}'s partner met in ${round.month}`);
    }
  }
  return broken;
}

const offices = sampleOfficeList.map(([office, timeZone]) => ({ office, timeZone }));

describe("the sample company's rounds", () => {
  it("keep every rule for any company of three zones, and are the same for the same seed", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 2, maxLength: 300 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 1000 }),
        (officeOf, peopleSeed, seed) => {
          // Any mix of offices, lopsided ones too: all of New York and Bengaluru but one.
          const people = samplePeople(officeOf.length, 0, peopleSeed).map((p, i) => ({
            ...p,
            ...offices[officeOf[i]],
          }));
          const rounds = sampleRounds(people, NOW, seed);
          expect(rounds).toHaveLength(SAMPLE_HISTORY_MONTHS + 1);
          expect(brokenRules(people, rounds)).toEqual([]);
          expect(quietBroken(people, rounds)).toEqual([]);
          expect(sampleRounds(people, NOW, seed)).toEqual(rounds);
        },
      ),
    );
  });

  it("place all but a few of those taking part in a large company", () => {
    const people = samplePeople(5_000);
    const rounds = sampleRounds(people, NOW);
    expect(brokenRules(people, rounds)).toEqual([]);
    expect(quietBroken(people, rounds)).toEqual([]);
    expect(rounds.at(-1)?.asked).toHaveLength(SAMPLE_QUIET_PEOPLE);
    for (const { monthsAgo, matches, asked } of rounds) {
      const taking = people.filter((p) => mayTakePart(p, monthsAgo)).length - asked.length;
      const placed = matches.reduce((sum, m) => sum + m.members.length, 0);
      expect(taking - placed, `${monthsAgo} months ago`).toBeLessThanOrEqual(2);
    }
  });

  it("place nobody of two who share no working hour, and still end", () => {
    const [a, b] = samplePeople(2);
    const people = [
      { ...a, ...offices[1], participationStatus: "active" as const, onLeave: false },
      { ...b, ...offices[2], participationStatus: "active" as const, onLeave: false },
    ];
    expect(sampleRounds(people, NOW).flatMap((r) => r.matches)).toEqual([]);
  });
});
