import { eq } from "drizzle-orm";
import type { SignedInUser } from "../auth/session-store";
import type { AppContext } from "../context";
import { users } from "../db/schema";
import { processImage } from "../images/process-image";
import { storeImage } from "../images/store-image";
import { removeOldProfilePhoto } from "./remove-profile-photo";

export const PROFILE_IMAGE_SIZE = 512;

/**
 * Stores a new profile photo (checked by content, re-encoded to a 512 px WebP square) and makes
 * it the person's photo; their previous uploaded photo is removed.
 */
export async function uploadProfileImage(
  ctx: AppContext,
  user: SignedInUser,
  upload: { data: Buffer; originalName?: string },
): Promise<{ imageUrl: string }> {
  const image = await processImage(upload.data, {
    maxWidth: PROFILE_IMAGE_SIZE,
    maxHeight: PROFILE_IMAGE_SIZE,
    fit: "cover",
    format: "webp",
  });
  const stored = await storeImage(ctx, image, {
    purpose: "profile",
    originalName: upload.originalName,
    uploadedBy: user.id,
  });
  const imageUrl = `/uploads/${stored.filename}`;
  const [before] = await ctx.db
    .select({ profileImageUrl: users.profileImageUrl })
    .from(users)
    .where(eq(users.id, user.id));
  await ctx.db
    .update(users)
    .set({ profileImageUrl: imageUrl, updatedAt: ctx.clock.now() })
    .where(eq(users.id, user.id));
  await removeOldProfilePhoto(ctx, user.id, before?.profileImageUrl ?? null);
  return { imageUrl };
}
