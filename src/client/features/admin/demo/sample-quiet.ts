import type { QuietPeopleResponse } from "@shared/check-ins";
import { quietReason } from "@shared/check-ins";
import { personName } from "@shared/person-name";
import { currentRound, samplePeople, sampleRoundList } from "./sample-people";

/**
 * The people the running round asked "Still up for coffee chats?" (docs/check-ins.md, "Quiet
 * people"), as the seed stores their open questions: asked as the round was made, naming the three
 * rounds before it. A person shown beyond the dashboard's first 1,000 is left out with the rest.
 */
const asked = currentRound.asked.filter((i) => i < samplePeople.length);
export const isAsked = (index: number) => asked.includes(index);

const silentMonths = sampleRoundList.slice(-4, -1).map((round) => round.month);

export const sampleQuietPeople: QuietPeopleResponse = {
  people: asked
    .map((i) => samplePeople[i])
    .sort((a, b) => a.email.localeCompare(b.email))
    .map((person) => ({
      userId: person.id,
      name: personName(person),
      email: person.email,
      since: currentRound.publishedAt.toISOString(),
      silentMonths,
      reason: quietReason(silentMonths),
    })),
};
