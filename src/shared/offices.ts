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

/**
 * How a group meets, by the engine's rule (src/server/matching/FORMAT.md, rule 5): in person when
 * everyone accepts it and all share one office, else online; null when nobody in it stated a way
 * or an office (the company does not use the rule, and the intro says nothing of it).
 */
export function groupMeeting(
  members: ReadonlyArray<{ meet: "in-person" | "online" | "either" | null; office: string | null }>,
): { kind: "in-person"; office: string } | { kind: "online" } | null {
  if (!members.some((m) => m.meet !== null || m.office !== null)) return null;
  const office = members[0]?.office;
  const inPerson =
    office != null && members.every((m) => m.meet !== "online" && m.office === office);
  return inPerson ? { kind: "in-person", office } : { kind: "online" };
}

/** The intro's words for how a group meets (docs/pairings.md, "The introduction"). */
export function meetingWords(meeting: { kind: "in-person"; office: string } | { kind: "online" }) {
  return meeting.kind === "online" ? "online" : `in person at the ${meeting.office} office`;
}
