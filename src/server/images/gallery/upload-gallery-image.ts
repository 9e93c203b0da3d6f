import type { GalleryImage } from "../../../shared/images";
import type { AppContext } from "../../context";
import { reencodeKeepingFormat } from "../process-image";
import { storeGalleryImage } from "./gallery-files";

/**
 * Adds an admin's picture to the gallery: judged by its content (JPEG, PNG, GIF or WebP), written
 * fresh without metadata, stored under a server-made name and served at /admin-images/{name}.
 */
export async function uploadGalleryImage(
  ctx: AppContext,
  adminId: string,
  upload: { data: Buffer; originalName?: string },
): Promise<GalleryImage> {
  return storeGalleryImage(ctx, await reencodeKeepingFormat(upload.data), {
    source: "admin-uploaded",
    originalName: upload.originalName ?? "image",
    uploadedBy: adminId,
  });
}
