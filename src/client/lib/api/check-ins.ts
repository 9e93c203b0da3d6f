import type {
  CheckInAnswer,
  CheckInView,
  QuietPeopleResponse,
  StillInChoice,
  StillInView,
} from "@shared/check-ins";
import { apiRequest } from "../api-client";
import { getJson, withQuery } from "./request";

export const checkInKeys = {
  checkIn: (token: string) => ["/api/check-in", token] as const,
  stillIn: (token: string) => ["/api/still-in", token] as const,
  quietPeople: ["/api/admin/quiet-people"] as const,
};

/** The check-in and "still up for coffee chats?" pages (docs/check-ins.md), and the admin's list. */
export const checkInsApi = {
  checkIn: (token: string, signal?: AbortSignal) =>
    getJson<CheckInView>(withQuery("/api/check-in", { token }), signal),
  answerCheckIn: (token: string, answer: CheckInAnswer) =>
    apiRequest<CheckInView>("POST", "/api/check-in", { token, answer }),
  stillIn: (token: string, signal?: AbortSignal) =>
    getJson<StillInView>(withQuery("/api/still-in", { token }), signal),
  answerStillIn: (token: string, choice: StillInChoice) =>
    apiRequest<StillInView>("POST", "/api/still-in", { token, choice }),
  quietPeople: (signal?: AbortSignal) =>
    getJson<QuietPeopleResponse>(checkInKeys.quietPeople[0], signal),
};
