import { z } from "zod";
import { MAX_ID } from "./ids";
import { MAX_OFFICE_LENGTH } from "./never-with";
import { requiredText } from "./required-text";

/** The most offices one list holds (docs/admin-console.md, "Offices"). */
export const MAX_OFFICES = 50;

const officeName = requiredText(
  "An office needs a name.",
  MAX_OFFICE_LENGTH,
  `An office name has at most ${MAX_OFFICE_LENGTH} letters.`,
  "Office",
);

const groupId = z
  .number({ error: "Choose a group, or none for the company-wide list." })
  .int({ error: "Choose a group, or none for the company-wide list." })
  .positive({ error: "Choose a group, or none for the company-wide list." })
  .max(MAX_ID, { error: "Choose a group, or none for the company-wide list." })
  .nullable();

/** PUT /api/admin/offices: one list, whole; null `domainGroupId` is the company-wide list. */
export const saveOfficesSchema = z.object({
  domainGroupId: groupId,
  offices: z
    .array(officeName, { error: "Send the offices as a list of names." })
    .max(MAX_OFFICES, { error: `A list holds at most ${MAX_OFFICES} offices.` })
    .refine((names) => new Set(names.map((n) => n.toLowerCase())).size === names.length, {
      error: "Each office is listed once.",
    }),
});
export type SaveOfficesInput = z.input<typeof saveOfficesSchema>;

export const officeListQuerySchema = z.object({
  groupId: z.coerce
    .number({ error: "Choose a group." })
    .int({ error: "Choose a group." })
    .positive({ error: "Choose a group." })
    .max(MAX_ID, { error: "Choose a group." })
    .optional(),
});

/** A list of offices: the admin's per group, or the one a person picks from. */
export const officeListSchema = z.object({
  domainGroupId: z.number().int().nullable(),
  offices: z.array(z.string()),
});
export type OfficeList = z.infer<typeof officeListSchema>;

/** The intro's words for how a group meets (docs/pairings.md, "The introduction"). */
export function meetingWords(meeting: { kind: "in-person"; office: string } | { kind: "online" }) {
  return meeting.kind === "online" ? "online" : `in person at the ${meeting.office} office`;
}
