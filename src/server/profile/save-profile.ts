import { and, eq } from "drizzle-orm";
import { CHOOSE_DEPARTMENT_FROM_LIST, type ProfileInput } from "../../shared/profile";
import type { SignedInUser } from "../auth/session-store";
import type { AppContext } from "../context";
import { images, type UserRow, users } from "../db/schema";
import { departmentsOfEmail } from "../directory/departments/department-lists";
import { BadRequest, Forbidden, Validation } from "../errors";
import { removeOldProfilePhoto } from "./remove-profile-photo";

/**
 * Writes the profile fields after the checks zod cannot make: the department must be one of the
 * person's own list and a photo URL must be a profile photo they uploaded themselves. A photo
 * removed or replaced here is deleted (file and row).
 */
export async function saveProfile(
  ctx: AppContext,
  user: SignedInUser,
  input: ProfileInput,
  extra: Partial<Pick<UserRow, "needsProfileSetup">> = {},
): Promise<UserRow> {
  if (!user.isValidated) {
    throw new Forbidden("Please verify your e-mail address first.", "not_validated");
  }
  const choices = await departmentsOfEmail(ctx.db, user.email);
  if (!choices.some((d) => d.name === input.department)) {
    throw new Validation(CHOOSE_DEPARTMENT_FROM_LIST, "department");
  }
  let profileImageUrl = user.profileImageUrl;
  if (input.profileImageUrl === "") profileImageUrl = null;
  else if (input.profileImageUrl && input.profileImageUrl !== user.profileImageUrl) {
    const filename = input.profileImageUrl.slice("/uploads/".length);
    const [image] = await ctx.db
      .select({ id: images.id })
      .from(images)
      .where(
        and(
          eq(images.filename, filename),
          eq(images.purpose, "profile"),
          eq(images.uploadedBy, user.id),
        ),
      );
    if (!image)
      throw new BadRequest("Please upload your photo with the photo button.", "invalid_image_url");
    profileImageUrl = input.profileImageUrl;
  }
  const [updated] = await ctx.db
    .update(users)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      department: input.department,
      matchingPreference: input.matchingPreference,
      ...(input.preferredGroupSize === undefined
        ? {}
        : { preferredGroupSize: input.preferredGroupSize }),
      bio: input.bio ? input.bio : null,
      profileImageUrl,
      updatedAt: ctx.clock.now(),
      ...extra,
    })
    .where(eq(users.id, user.id))
    .returning();
  if (user.profileImageUrl !== profileImageUrl) {
    await removeOldProfilePhoto(ctx, user.id, user.profileImageUrl);
  }
  return updated;
}
