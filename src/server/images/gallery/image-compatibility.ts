import { and, asc, eq } from "drizzle-orm";
import {
  type AnalysedImage,
  EMAIL_SAFE_MAX_BYTES,
  formatBytes,
  type ImageCompatibility,
  rateEmailImage,
} from "../../../shared/images";
import type { AppContext } from "../../context";
import { images } from "../../db/schema";
import { galleryImageUrl } from "./gallery-files";

const LIMIT = formatBytes(EMAIL_SAFE_MAX_BYTES);

function recommend(image: { size: number; mimeType: string }): string {
  const size = formatBytes(image.size);
  const webp =
    image.mimeType === "image/webp"
      ? " Outlook on Windows does not show WebP: prefer a JPEG or PNG in newsletters."
      : "";
  switch (rateEmailImage(image.size)) {
    case "safe":
      return `Email-safe at ${size}: shows quickly in Gmail, Outlook and Apple Mail.${webp}`;
    case "risky":
      return `Risky at ${size}: some mail clients load it slowly or clip it. Optimise it to under ${LIMIT}.${webp}`;
    default:
      return `Likely broken at ${size}: many mail clients block or drop images over 500 KB. Optimise it to under ${LIMIT}.${webp}`;
  }
}

/**
 * The e-mail image check: every gallery image rated by size (under 200 KB safe, 200–500 KB risky,
 * over 500 KB likely broken) with advice, and the image to use as the newsletter's default.
 */
export async function analyseImageCompatibility(ctx: AppContext): Promise<ImageCompatibility> {
  const rows = await ctx.db
    .select({
      filename: images.filename,
      size: images.sizeBytes,
      mimeType: images.mimeType,
      width: images.width,
    })
    .from(images)
    .where(and(eq(images.purpose, "gallery")))
    .orderBy(asc(images.createdAt), asc(images.id));
  const analysed = rows.map(
    (row): AnalysedImage => ({
      filename: row.filename,
      url: galleryImageUrl(ctx, row.filename),
      size: row.size,
      sizeFormatted: formatBytes(row.size),
      rating: rateEmailImage(row.size),
      recommendation: recommend(row),
    }),
  );
  const emailSafeImages = analysed.filter((image) => image.rating === "safe");
  const problematicImages = analysed.filter((image) => image.rating !== "safe");
  const best = rows
    .filter((row) => rateEmailImage(row.size) === "safe" && row.mimeType !== "image/webp")
    .sort((a, b) => (b.width ?? 0) - (a.width ?? 0))[0];
  return {
    summary: {
      emailSafe: emailSafeImages.length,
      problematic: problematicImages.length,
      total: analysed.length,
      recommendation: best
        ? `Use ${best.filename} (${formatBytes(best.size)}) as the default newsletter image: it is under the ${LIMIT} limit and shows in every common mail client.`
        : `No gallery image is email-safe yet: upload or optimise one under ${LIMIT} to use as the default newsletter image.`,
    },
    emailSafeImages,
    problematicImages,
  };
}
