import { z } from "zod";
import { idSchema } from "./ids";
import { requiredText } from "./required-text";

/** The most interest tags a person keeps (docs/profile.md, "Shared interests"). */
export const MAX_INTERESTS = 10;
/** The longest tag name. */
export const MAX_INTEREST_LENGTH = 40;
/** The most tags the company's list holds, accepted and suggested together. */
export const MAX_INTEREST_TAGS = 500;

const tagName = requiredText(
  "A tag needs a name.",
  MAX_INTEREST_LENGTH,
  `A tag has at most ${MAX_INTEREST_LENGTH} letters.`,
  "Tag",
);

export const interestNameSchema = z.object({ name: tagName });

/** PUT /api/profile/interests: the person's tags, each from the company's list. */
export const saveInterestsSchema = z.object({
  interests: z
    .array(tagName, { error: "Send your interests as a list of tags." })
    .max(MAX_INTERESTS, { error: `Choose at most ${MAX_INTERESTS} interests.` }),
});

export const myInterestsSchema = z.object({
  interests: z.array(z.string()),
  /** The accepted tags a person may choose from. */
  offered: z.array(z.string()),
  max: z.number(),
});
export type MyInterests = z.infer<typeof myInterestsSchema>;

export const interestTagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  accepted: z.boolean(),
  /** How many people chose it. */
  people: z.number().int(),
});
export type InterestTag = z.infer<typeof interestTagSchema>;

export const interestTagListSchema = z.object({ tags: z.array(interestTagSchema) });

export const interestTagIdParamsSchema = z.object({ tagId: idSchema });

/** The tags every member chose, in the first member's order. */
export function commonInterests(lists: ReadonlyArray<readonly string[]>): string[] {
  const [first = [], ...rest] = lists;
  return first.filter((tag) => rest.every((list) => list.includes(tag)));
}

/** "You both like climbing and jazz." for a pair; "You all like …" for a group; "" for none. */
export function sharedInterestsLine(shared: readonly string[], groupSize: number): string {
  if (shared.length === 0) return "";
  const list =
    shared.length === 1
      ? shared[0]
      : `${shared.slice(0, -1).join(", ")} and ${shared[shared.length - 1]}`;
  return `You ${groupSize > 2 ? "all" : "both"} like ${list}.`;
}
