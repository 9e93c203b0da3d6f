import { z } from "zod";
import { idSchema, MAX_ID } from "./ids";
import { requiredText } from "./required-text";

/** The default department: every list has it, it cannot be deleted, and deleted ones fold into it. */
export const DEFAULT_DEPARTMENT = "Other";

export const DEPARTMENT_FIELDS_REQUIRED =
  "Please select a group and enter both department name and display name.";

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

export const createDepartmentSchema = z.object({
  name: departmentName,
  displayName: departmentName,
});
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

/** PATCH of a group's department: its stored name and what people see. */
export const renameDepartmentSchema = createDepartmentSchema;
export type RenameDepartmentInput = z.infer<typeof renameDepartmentSchema>;
