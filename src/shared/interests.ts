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
  return `You ${groupSize > 2 ? "all" : "both"} like ${listed(shared)}.`;
}

const listed = (tags: readonly string[]) =>
  tags.length === 1 ? tags[0] : `${tags.slice(0, -1).join(", ")} and ${tags[tags.length - 1]}`;

/**
 * In a group, what two members share beyond what all share (the pairing counts every pair's
 * tags, src/server/matching/FORMAT.md): with a reader (the first member, an e-mail) the pairs with
 * them, "You and Ana both like chess."; without (a chat all members read) every pair, "Ana and Bo
 * both like chess."; "" when none.
 */
export function pairInterestsLines(
  members: ReadonlyArray<{ name: string; interests: readonly string[] }>,
  common: readonly string[],
  reader: boolean,
): string {
  const lines: string[] = [];
  for (let i = 0; i < (reader ? 1 : members.length); i++)
    for (let j = i + 1; j < members.length; j++) {
      const [a, b] = [members[i], members[j]];
      const both = a.interests.filter((tag) => !common.includes(tag) && b.interests.includes(tag));
      if (both.length === 0) continue;
      lines.push(`${reader ? "You" : a.name} and ${b.name} both like ${listed(both)}.`);
    }
  return lines.join(" ");
}
