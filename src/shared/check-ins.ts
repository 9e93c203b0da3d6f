import { z } from "zod";
import {
  type CheckInAnswer,
  checkInAnswers,
  type StillInChoice,
  stillInChoices,
} from "./check-in-answers";

export * from "./check-in-answers";

/**
 * API contract of the check-in and "still up for coffee chats?" pages (docs/check-ins.md). Both
 * are opened from an e-mail link carrying a signed token; opening changes nothing, only the press
 * on the page (a POST with the token) records the answer.
 */

const INVALID_CHECK_IN = "This check-in link is not valid. Please use the link from your e-mail.";
const INVALID_STILL_IN = "This link is not valid. Please use the link from your e-mail.";

const tokenSchema = (message: string) =>
  z.string({ error: message }).min(1, { error: message }).max(300, { error: message });

export const checkInQuerySchema = z.object({ token: tokenSchema(INVALID_CHECK_IN) });
export const checkInBodySchema = z.object({
  token: tokenSchema(INVALID_CHECK_IN),
  answer: z.enum(checkInAnswers, { error: "Please choose Met, Not yet or Skip." }),
});
export type CheckInBody = z.infer<typeof checkInBodySchema>;

/** GET /api/check-in?token=… and the answer to POST /api/check-in. */
export interface CheckInView {
  /** The partner(s) the person was paired with, by name. */
  partners: string[];
  /** "March 2027". */
  month: string;
  /** The answer given so far (on this page or on the Matches page), null while pending. */
  answer: CheckInAnswer | null;
  /** False once the month's pairing is completed: answers can no longer change. */
  open: boolean;
  message?: string;
}

export const stillInQuerySchema = z.object({ token: tokenSchema(INVALID_STILL_IN) });
export const stillInBodySchema = z.object({
  token: tokenSchema(INVALID_STILL_IN),
  choice: z.enum(stillInChoices, { error: "Please choose to stay in, pause or opt out." }),
});
export type StillInBody = z.infer<typeof stillInBodySchema>;

/** GET /api/still-in?token=… and the answer to POST /api/still-in. */
export interface StillInView {
  firstName: string | null;
  /** The choice already made, null while the question is open. */
  choice: StillInChoice | null;
  message?: string;
}

/** One person left out of the rounds until they answer "Still up for coffee chats?". */
export interface QuietPerson {
  userId: string;
  name: string;
  email: string;
  /** When the question was sent (ISO timestamp). */
  since: string;
  /** The rounds they answered nothing in, "2027-01", oldest first. */
  silentMonths: string[];
  reason: string;
}

export interface QuietPeopleResponse {
  people: QuietPerson[];
}
