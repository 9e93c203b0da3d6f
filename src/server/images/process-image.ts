import { BadRequest } from "../errors";
import { loadSharp } from "./load-sharp";

/** Formats accepted from uploads, judged by the decoded content (never by name or declared type). */
export const ACCEPTED_IMAGE_FORMATS = ["jpeg", "png", "gif", "webp"] as const;

export const IMAGE_TYPES_MESSAGE = "Please upload a JPG, PNG, GIF or WebP image.";

/** Decompression bombs: refuse anything larger than 40 megapixels before decoding it. */
const MAX_INPUT_PIXELS = 40_000_000;

export interface ProcessImageOptions {
  /** Bounding box of the result; the image is never enlarged. */
  maxWidth: number;
  maxHeight: number;
  /** "cover" crops to fill the box (avatars); "inside" keeps the whole picture. */
  fit: "cover" | "inside";
  format: "webp" | "jpeg";
  quality?: number;
}

export interface ProcessedImage {
  data: Buffer;
  format: "webp" | "jpeg" | "png" | "gif";
  mimeType: "image/webp" | "image/jpeg" | "image/png" | "image/gif";
  extension: "webp" | "jpg" | "png" | "gif";
  width: number;
  height: number;
  sourceFormat: (typeof ACCEPTED_IMAGE_FORMATS)[number];
}

/** The format sharp decodes from the bytes, or null when it is not one of ours. */
export async function sniffImageFormat(
  input: Buffer,
): Promise<(typeof ACCEPTED_IMAGE_FORMATS)[number] | null> {
  const sharp = await loadSharp();
  try {
    const { format, width, height } = await sharp(input, {
      limitInputPixels: MAX_INPUT_PIXELS,
    }).metadata();
    if (!width || !height) return null;
    return (ACCEPTED_IMAGE_FORMATS as readonly string[]).includes(format ?? "")
      ? (format as (typeof ACCEPTED_IMAGE_FORMATS)[number])
      : null;
  } catch {
    return null;
  }
}

/**
 * Checks that the bytes are a real JPEG, PNG, GIF or WebP picture, then re-encodes it: turned
 * upright from its EXIF orientation, resized into the box, first frame only, and written fresh,
 * so no metadata (EXIF, GPS, comments) or trailing payload of the upload survives.
 */
export async function processImage(
  input: Buffer,
  options: ProcessImageOptions,
): Promise<ProcessedImage> {
  const sourceFormat = await sniffImageFormat(input);
  if (!sourceFormat) throw new BadRequest(IMAGE_TYPES_MESSAGE, "invalid_image");
  const quality = options.quality ?? 82;
  const sharp = await loadSharp();
  try {
    let pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize(options.maxWidth, options.maxHeight, {
        fit: options.fit,
        withoutEnlargement: true,
      });
    pipeline =
      options.format === "webp"
        ? pipeline.webp({ quality })
        : pipeline.flatten({ background: "#ffffff" }).jpeg({ quality, mozjpeg: true });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return {
      data,
      format: options.format,
      mimeType: options.format === "webp" ? "image/webp" : "image/jpeg",
      extension: options.format === "webp" ? "webp" : "jpg",
      width: info.width,
      height: info.height,
      sourceFormat,
    };
  } catch {
    throw new BadRequest(IMAGE_TYPES_MESSAGE, "invalid_image");
  }
}

const KEPT_FORMATS = {
  jpeg: { mimeType: "image/jpeg", extension: "jpg" },
  png: { mimeType: "image/png", extension: "png" },
  gif: { mimeType: "image/gif", extension: "gif" },
  webp: { mimeType: "image/webp", extension: "webp" },
} as const;

/**
 * Gallery images keep their type, size and animation (the e-mail image check judges what the
 * admin uploaded), but are decoded and written fresh like every upload, so metadata and any
 * trailing payload are dropped. JPEGs are turned upright from their EXIF orientation.
 */
export async function reencodeKeepingFormat(input: Buffer): Promise<ProcessedImage> {
  const sourceFormat = await sniffImageFormat(input);
  if (!sourceFormat) throw new BadRequest(IMAGE_TYPES_MESSAGE, "invalid_image");
  const animated = sourceFormat === "gif" || sourceFormat === "webp";
  const sharp = await loadSharp();
  try {
    let pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", animated });
    if (sourceFormat === "jpeg") pipeline = pipeline.rotate().jpeg({ quality: 88, mozjpeg: true });
    else if (sourceFormat === "png") pipeline = pipeline.png({ compressionLevel: 9 });
    else if (sourceFormat === "gif") pipeline = pipeline.gif();
    else pipeline = pipeline.webp({ quality: 88 });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return {
      data,
      format: sourceFormat,
      ...KEPT_FORMATS[sourceFormat],
      width: info.width,
      height: info.pageHeight ?? info.height,
      sourceFormat,
    };
  } catch {
    throw new BadRequest(IMAGE_TYPES_MESSAGE, "invalid_image");
  }
}
