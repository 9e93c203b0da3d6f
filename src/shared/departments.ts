import { z } from "zod";
import { idSchema, MAX_ID } from "./ids";
import { DEPARTMENT_NOT_SET } from "./metric-figures";
import { requiredText } from "./required-text";

/** The default department: every list has it, it cannot be deleted, and deleted ones fold into it. */
export const DEFAULT_DEPARTMENT = "Other";

export const DEPARTMENT_FIELDS_REQUIRED = "Please select a group and enter the department's name.";

/** One entry of a department list as employees see it. */
export const departmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  displayName: z.string(),
});
export type Department = z.infer<typeof departmentSchema>;

/** One entry of a group's department list on the admin Departments tab. */
export const adminDepartmentSchema = departmentSchema.extend({
  domainGroupId: z.number().int().nullable(),
  userCount: z.number().int(),
});
export type AdminDepartment = z.infer<typeof adminDepartmentSchema>;

const departmentName = requiredText(
  DEPARTMENT_FIELDS_REQUIRED,
  80,
  "Department names are at most 80 characters.",
  "Department name",
);

/**
 * Add Department takes only the name people read; the server derives the stored key from it
 * (`departmentKeyOf`), so nobody types an internal name.
 */
export const createDepartmentSchema = z.object({ displayName: departmentName });
export type CreateDepartmentInput = z.infer<typeof createDepartmentSchema>;

/** The operations-side dialog names the group in the body; null is the company-wide list. */
export const createDepartmentWithGroupSchema = createDepartmentSchema.extend({
  domainGroupId: z
    .number({ error: DEPARTMENT_FIELDS_REQUIRED })
    .int({ error: DEPARTMENT_FIELDS_REQUIRED })
    .positive({ error: DEPARTMENT_FIELDS_REQUIRED })
    .max(MAX_ID, { error: DEPARTMENT_FIELDS_REQUIRED })
    .nullable(),
});
export type CreateDepartmentWithGroupInput = z.infer<typeof createDepartmentWithGroupSchema>;

export const groupIdParamsSchema = z.object({ groupId: idSchema });

export const departmentIdParamsSchema = groupIdParamsSchema.extend({ departmentId: idSchema });

export const departmentUsersParamsSchema = groupIdParamsSchema.extend({
  departmentName: z.string().min(1).max(200),
});

export const departmentUserSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
});
export type DepartmentUser = z.infer<typeof departmentUserSchema>;

/** DELETE /api/admin/departments/{groupId}/{departmentId}: its people moved to "Other". */
export const departmentDeletedSchema = z.object({
  message: z.string(),
  movedUsers: z.number().int(),
});

export const emailDomainParamsSchema = z.object({
  emailDomain: z.string().trim().toLowerCase().min(1).max(253),
});

/** Sorted by display name (case-insensitive), with the default department last. */
export function sortDepartments<T extends { name: string; displayName: string }>(list: T[]): T[] {
  return [...list].sort((a, b) => {
    const aOther = a.name === DEFAULT_DEPARTMENT;
    const bOther = b.name === DEFAULT_DEPARTMENT;
    if (aOther !== bOther) return aOther ? 1 : -1;
    return a.displayName.localeCompare(b.displayName, "en", { sensitivity: "base" });
  });
}

/** PATCH of a group's department: the name people read; the stored key never changes. */
export const renameDepartmentSchema = createDepartmentSchema;
export type RenameDepartmentInput = z.infer<typeof renameDepartmentSchema>;

/** The refusal of a name the list already shows: it quotes the department as it is named. */
export const departmentExistsMessage = (existing: string, inGroup: boolean) =>
  `There is already a department named "${existing}"${inGroup ? " in this group" : ""}.`;

/**
 * The stored key of a new department: its name in lower case, accents dropped, every run of
 * other characters a hyphen ("Customer Success" → "customer-success"); "department" when no
 * letter or digit is left. The key is internal: people always see the display name.
 */
export function departmentKeyOf(displayName: string): string {
  const key = displayName
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return key || "department";
}

/**
 * What a page shows for a stored department key, given the list it belongs to (the person's
 * own list or their group's): the display name, else the key itself, else "Not Set". Server
 * answers that name people already carry it (`departmentName`); this is for the pages that hold
 * only a key and the list, like the profile view and the user table.
 */
export function departmentLabel(
  list: ReadonlyArray<Pick<Department, "name" | "displayName">> | undefined,
  key: string | null | undefined,
): string {
  if (!key?.trim()) return DEPARTMENT_NOT_SET;
  return list?.find((d) => d.name === key)?.displayName ?? key;
}

/** Paths naming one department of any list (a group's or the company-wide one) by its id. */
export const departmentByIdParamsSchema = z.object({ departmentId: idSchema });

export const MERGE_TARGET_REQUIRED = "Please choose the department to merge into.";

/** POST …/merge: the department of the same list that takes its people and its name's place. */
export const mergeDepartmentSchema = z.object({
  intoDepartmentId: z
    .number({ error: MERGE_TARGET_REQUIRED })
    .int({ error: MERGE_TARGET_REQUIRED })
    .positive({ error: MERGE_TARGET_REQUIRED })
    .max(MAX_ID, { error: MERGE_TARGET_REQUIRED }),
});
export type MergeDepartmentInput = z.infer<typeof mergeDepartmentSchema>;

/** What a merge or a removal did: the sentence to show, and how many rows it moved. */
export const departmentMovedSchema = z.object({
  message: z.string(),
  /** Signed-up people whose department changed. */
  movedUsers: z.number().int(),
  /** Whitelist entries of people not signed up yet whose pre-filled department changed. */
  movedEntries: z.number().int(),
});
export type DepartmentMoved = z.infer<typeof departmentMovedSchema>;
