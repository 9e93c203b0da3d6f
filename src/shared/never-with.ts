import { z } from "zod";
import { meetWays } from "./enums";

/** The most colleagues one person may list as "never with" (docs/profile.md, "Never with"). */
export const MAX_NEVER_WITH = 20;

/** A colleague as the "never with" list and its search show them: a name, never an address. */
export const neverWithPersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  department: z.string().nullable(),
});
export type NeverWithPerson = z.infer<typeof neverWithPersonSchema>;

export const neverWithListSchema = z.object({
  people: z.array(neverWithPersonSchema),
  max: z.number(),
});
export type NeverWithList = z.infer<typeof neverWithListSchema>;

export const neverWithSearchSchema = z.object({
  q: z
    .string()
    .trim()
    .min(2, { error: "Type at least two letters of a name." })
    .max(100, { error: "Type at most 100 letters." }),
});

export const neverWithResultsSchema = z.object({ people: z.array(neverWithPersonSchema) });

export const neverWithAddSchema = z.object({
  userId: z.uuid({ error: "Choose a colleague from the list." }),
});

export const neverWithIdParamsSchema = z.object({
  userId: z.uuid({ error: "Choose a colleague from the list." }),
});

/** The longest office name kept (docs/profile.md, "How we meet"). */
export const MAX_OFFICE_LENGTH = 100;

/** How a person can meet: in person (at `office`), online or either; null `office` without one. */
export const meetingChoiceSchema = z
  .object({
    meet: z.enum(meetWays, { error: "Choose in person, online or either." }),
    office: z
      .string()
      .trim()
      .max(MAX_OFFICE_LENGTH, { error: `An office name has at most ${MAX_OFFICE_LENGTH} letters.` })
      .transform((office) => (office === "" ? null : office))
      .nullable(),
  })
  .refine((choice) => choice.meet !== "in-person" || choice.office !== null, {
    error: "Name your office to meet in person.",
    path: ["office"],
  });
export type MeetingChoiceInput = z.input<typeof meetingChoiceSchema>;

/** The choice as stored and answered. */
export const meetingSchema = z.object({ meet: z.enum(meetWays), office: z.string().nullable() });
export type MeetingChoice = z.infer<typeof meetingSchema>;
