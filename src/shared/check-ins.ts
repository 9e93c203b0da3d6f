import { z } from "zod";
import { checkInAnswers, stillInChoices } from "./check-in-answers";
import { monthDisplay } from "./pairings";

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
export const checkInViewSchema = z.object({
  /** The partner(s) the person was paired with, by name. */
  partners: z.array(z.string()),
  /** "March 2027". */
  month: z.string(),
  /** The answer given so far (on this page or on the Matches page), null while pending. */
  answer: z.enum(checkInAnswers).nullable(),
  /** False once the month's pairing is completed: answers can no longer change. */
  open: z.boolean(),
  message: z.string().optional(),
});
export type CheckInView = z.infer<typeof checkInViewSchema>;

export const stillInQuerySchema = z.object({ token: tokenSchema(INVALID_STILL_IN) });
export const stillInBodySchema = z.object({
  token: tokenSchema(INVALID_STILL_IN),
  choice: z.enum(stillInChoices, { error: "Please choose to stay in, pause or opt out." }),
});
export type StillInBody = z.infer<typeof stillInBodySchema>;

/** GET /api/still-in?token=… and the answer to POST /api/still-in. */
export const stillInViewSchema = z.object({
  firstName: z.string().nullable(),
  /** The choice already made, null while the question is open. */
  choice: z.enum(stillInChoices).nullable(),
  message: z.string().optional(),
});
export type StillInView = z.infer<typeof stillInViewSchema>;

/** One person left out of the rounds until they answer "Still up for coffee chats?". */
export const quietPersonSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  /** When the question was sent (ISO timestamp). */
  since: z.string(),
  /** The rounds they answered nothing in, "2027-01", oldest first. */
  silentMonths: z.array(z.string()),
  reason: z.string(),
});
export type QuietPerson = z.infer<typeof quietPersonSchema>;

/** Why a quiet person was asked, as the admin's "Waiting for an answer" says it. */
export const quietReason = (silentMonths: readonly string[]) =>
  `No check-in answer in ${silentMonths.map(monthDisplay).join(", ")}, and no partner reported meeting.`;

export const quietPeopleResponseSchema = z.object({ people: z.array(quietPersonSchema) });
export type QuietPeopleResponse = z.infer<typeof quietPeopleResponseSchema>;
