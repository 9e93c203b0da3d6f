import { z } from "zod";

/**
 * How many people meet in one match, and each person's preference (docs/profile.md): the API field
 * is `preferredGroupSize` and the labels say "Group of 3", the product's words; inside the code a
 * match of three or four is a match (docs/architecture.md, "Words").
 */
export const MIN_MATCH_SIZE = 2;
export const MAX_MATCH_SIZE = 4;

export const matchSizes = [2, 3, 4] as const;
export type MatchSize = (typeof matchSizes)[number];

export const matchSizeLabels: Record<MatchSize, string> = {
  2: "One-to-one",
  3: "Group of 3",
  4: "Group of 4",
};

export const preferredMatchSizeSchema = z
  .number({ message: "Choose one-to-one, a group of 3 or a group of 4" })
  .int({ message: "Choose one-to-one, a group of 3 or a group of 4" })
  .min(MIN_MATCH_SIZE, { message: "Choose one-to-one, a group of 3 or a group of 4" })
  .max(MAX_MATCH_SIZE, { message: "Choose one-to-one, a group of 3 or a group of 4" });
