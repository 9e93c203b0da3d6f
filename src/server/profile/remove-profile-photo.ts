import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { images } from "../db/schema";
import { removeStoredImage } from "../images/store-image";

/**
 * Deletes a profile photo the person no longer uses: its file and its images row, so the old
 * URL answers 404. Only their own uploaded profile photo is touched, never a shared image.
 */
export async function removeOldProfilePhoto(
  ctx: AppContext,
  userId: string,
  url: string | null,
): Promise<void> {
  if (!url?.startsWith("/uploads/")) return;
  const filename = url.slice("/uploads/".length);
  const [row] = await ctx.db
    .select({ uploadedBy: images.uploadedBy, purpose: images.purpose })
    .from(images)
    .where(eq(images.filename, filename));
  if (row?.purpose === "profile" && row.uploadedBy === userId) {
    await removeStoredImage(ctx, filename);
  }
}
