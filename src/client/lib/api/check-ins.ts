import type { CheckInAnswer, StillInChoice } from "@shared/check-ins";
import { checkInEndpoints as endpoints } from "@shared/endpoints/check-ins";
import { call } from "./request";

export const checkInKeys = {
  checkIn: (token: string) => [endpoints.checkIn.path, token] as const,
  stillIn: (token: string) => [endpoints.stillIn.path, token] as const,
  quietPeople: [endpoints.quietPeople.path] as const,
};

/** The check-in and "still up for coffee chats?" pages (docs/check-ins.md), and the admin's list. */
export const checkInsApi = {
  checkIn: (token: string, signal?: AbortSignal) =>
    call(endpoints.checkIn, { query: { token }, signal }),
  answerCheckIn: (token: string, answer: CheckInAnswer) =>
    call(endpoints.answerCheckIn, { body: { token, answer } }),
  stillIn: (token: string, signal?: AbortSignal) =>
    call(endpoints.stillIn, { query: { token }, signal }),
  answerStillIn: (token: string, choice: StillInChoice) =>
    call(endpoints.answerStillIn, { body: { token, choice } }),
  quietPeople: (signal?: AbortSignal) => call(endpoints.quietPeople, { signal }),
};
