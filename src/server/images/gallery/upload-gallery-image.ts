import type { GalleryImage } from "../../../shared/images";
import type { AppContext } from "../../context";
import { reencodeKeepingFormat } from "../process-image";
import { storeImage } from "../store-image";
import { galleryImageUrl, makeGalleryFilename } from "./gallery-files";

/**
 * Adds an admin's picture to the gallery: judged by its content (JPEG, PNG, GIF or WebP), written
 * fresh without metadata, stored under a server-made name and served at /admin-images/{name}.
 */
export async function uploadGalleryImage(
  ctx: AppContext,
  adminId: string,
  upload: { data: Buffer; originalName?: string },
): Promise<GalleryImage> {
  const image = await reencodeKeepingFormat(upload.data);
  const stored = await storeImage(ctx, image, {
    purpose: "gallery",
    source: "admin-uploaded",
    originalName: upload.originalName,
    uploadedBy: adminId,
    filename: makeGalleryFilename(upload.originalName, image.extension),
  });
  return {
    filename: stored.filename,
    source: "admin-uploaded",
    url: galleryImageUrl(ctx, stored.filename),
    size: image.data.length,
    width: image.width,
    height: image.height,
  };
}
