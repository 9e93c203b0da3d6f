import type { CheckInAnswer } from "../../shared/check-in-answers";
import { checkInAnswers } from "../../shared/check-in-answers";
import { type MatchStatus, matchStatuses } from "../../shared/enums";
import type { Db } from "../db/client";
import { createMatch, createPairing, createUser } from "./factories";

export type Answer = CheckInAnswer | null;
export type ChatCombination = { status: MatchStatus; answers: Answer[] };

/** Both statuses × every stored answer (or none) of two members, of three and of four. */
export function everyChatCombination(): ChatCombination[] {
  const choices: Answer[] = [null, ...checkInAnswers];
  const lists = (size: number): Answer[][] =>
    size === 0 ? [[]] : lists(size - 1).flatMap((list) => choices.map((a) => [...list, a]));
  return matchStatuses.flatMap((status) =>
    [2, 3, 4].flatMap((size) => lists(size).map((answers) => ({ status, answers }))),
  );
}

/** One match per combination, in its order, among the same four people of one pairing. */
export async function storeChatCombinations(db: Db, combos: ChatCombination[]): Promise<void> {
  const people = [];
  for (let i = 0; i < 4; i++) people.push(await createUser(db));
  const pairing = await createPairing(db);
  for (const { status, answers } of combos) {
    await createMatch(db, { members: people.slice(0, answers.length), answers, pairing, status });
  }
}
