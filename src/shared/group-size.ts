import { z } from "zod";

/** How many people meet in one match, and each person's preference (docs/profile.md). */
export const MIN_GROUP_SIZE = 2;
export const MAX_GROUP_SIZE = 4;

export const groupSizes = [2, 3, 4] as const;
export type GroupSize = (typeof groupSizes)[number];

export const groupSizeLabels: Record<GroupSize, string> = {
  2: "One-to-one",
  3: "Group of 3",
  4: "Group of 4",
};

export const preferredGroupSizeSchema = z
  .number({ message: "Choose one-to-one, a group of 3 or a group of 4" })
  .int({ message: "Choose one-to-one, a group of 3 or a group of 4" })
  .min(MIN_GROUP_SIZE, { message: "Choose one-to-one, a group of 3 or a group of 4" })
  .max(MAX_GROUP_SIZE, { message: "Choose one-to-one, a group of 3 or a group of 4" });
