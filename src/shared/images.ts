import { z } from "zod";
import { imageSources } from "./enums";

/** E-mail image sizes: under 200 KB shows everywhere, 200–500 KB is risky, over 500 KB often breaks. */
export const EMAIL_SAFE_MAX_BYTES = 200 * 1024;
export const EMAIL_RISKY_MAX_BYTES = 500 * 1024;

export const GALLERY_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const GALLERY_TOO_LARGE = "Please select an image smaller than 5MB";
export const GALLERY_NO_FILE = "Please choose an image to upload.";

/**
 * The gallery's upload form: one image file of at most 5 MB. The server reads the same limit and
 * texts from here when it reads the multipart body, then judges the bytes themselves.
 */
export const galleryUploadSchema = z.object({
  image: z
    .custom<File>((value) => typeof File !== "undefined" && value instanceof File, {
      message: GALLERY_NO_FILE,
    })
    .refine((file) => file.size <= GALLERY_IMAGE_MAX_BYTES, { message: GALLERY_TOO_LARGE }),
});
export type GalleryUpload = z.infer<typeof galleryUploadSchema>;

/** Gallery names are made by the server: a slug of the original name, a random part, the type. */
export const GALLERY_FILENAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*\.(?:jpg|png|gif|webp)$/;

export const galleryFilenameParamsSchema = z.object({
  filename: z.string().max(100).regex(GALLERY_FILENAME_PATTERN, { message: "Image not found." }),
});

export const galleryImageSchema = z.object({
  filename: z.string(),
  source: z.enum(imageSources),
  /** Public URL on the app (absolute) for gallery images; null for bundled ones not yet copied. */
  url: z.string().nullable(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type GalleryImage = z.infer<typeof galleryImageSchema>;

export const emailImageRatingSchema = z.enum(["safe", "risky", "likely-broken"]);
export type EmailImageRating = z.infer<typeof emailImageRatingSchema>;

export const analysedImageSchema = z.object({
  filename: z.string(),
  url: z.string(),
  size: z.number().int(),
  sizeFormatted: z.string(),
  rating: emailImageRatingSchema,
  recommendation: z.string(),
});
export type AnalysedImage = z.infer<typeof analysedImageSchema>;

export const imageCompatibilitySchema = z.object({
  summary: z.object({
    emailSafe: z.number().int(),
    problematic: z.number().int(),
    total: z.number().int(),
    recommendation: z.string(),
  }),
  emailSafeImages: z.array(analysedImageSchema),
  problematicImages: z.array(analysedImageSchema),
});
export type ImageCompatibility = z.infer<typeof imageCompatibilitySchema>;

export function rateEmailImage(bytes: number): EmailImageRating {
  if (bytes < EMAIL_SAFE_MAX_BYTES) return "safe";
  if (bytes <= EMAIL_RISKY_MAX_BYTES) return "risky";
  return "likely-broken";
}

/** "153.2 KB", "1.4 MB": sizes as the image screens show them (1 KB = 1024 bytes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
