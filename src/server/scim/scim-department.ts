import { eq } from "drizzle-orm";
import { createDepartmentSchema } from "../../shared/departments";
import type { AppContext } from "../context";
import { users } from "../db/schema";
import { createDepartment } from "../directory/departments/create-department";
import { departmentsOfEmail, groupOfEmail } from "../directory/departments/department-lists";
import { HttpError } from "../errors";
import { invalidValue } from "./scim-error";

/**
 * The enterprise extension's `department` is matched by display name (any case) in the person's
 * list (their group's, else the company-wide one); a name the list lacks is added to it.
 */
export async function setScimDepartment(
  ctx: AppContext,
  user: { id: string; email: string },
  displayName: string | null,
): Promise<void> {
  if (displayName !== null && !createDepartmentSchema.safeParse({ displayName }).success) {
    throw invalidValue(`"${displayName}" cannot be a department name.`);
  }
  const key = displayName === null ? null : await departmentKey(ctx, user.email, displayName);
  await ctx.db.update(users).set({ department: key }).where(eq(users.id, user.id));
}

async function departmentKey(ctx: AppContext, email: string, displayName: string): Promise<string> {
  const find = async () =>
    (await departmentsOfEmail(ctx.db, email)).find(
      (d) => d.displayName.toLowerCase() === displayName.toLowerCase(),
    );
  const found = await find();
  if (found) return found.name;
  try {
    return (await createDepartment(ctx, await groupOfEmail(ctx.db, email), { displayName })).name;
  } catch (error) {
    // Another request added it in the meantime.
    const again =
      error instanceof HttpError && error.code === "department_exists" ? await find() : undefined;
    if (!again) throw error;
    return again.name;
  }
}
