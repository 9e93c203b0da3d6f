import { readFile } from "node:fs/promises";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, fileResponse } from "../../shared/api";
import { GALLERY_FILENAME_PATTERN } from "../../shared/images";
import type { AppContext } from "../context";
import { images } from "../db/schema";
import { NotFound } from "../errors";
import { createRenditionCache } from "./email-rendition";
import { STORED_FILENAME_PATTERN, uploadPath } from "./store-image";

const paramsSchema = z.object({ filename: z.string().max(100) });
const querySchema = z.object({
  format: z.enum(["jpeg"], { message: "The only image format on request is jpeg." }).optional(),
});

const SERVED = [
  // Profile photos: public, because newsletter e-mails show them.
  { prefix: "/uploads", purpose: "profile", pattern: STORED_FILENAME_PATTERN },
  // Gallery images: public, because mail clients fetch them without a cookie.
  { prefix: "/admin-images", purpose: "gallery", pattern: GALLERY_FILENAME_PATTERN },
] as const;

/**
 * GET /uploads/:filename and /admin-images/:filename. The name must be one we made and recorded
 * for that purpose; the path on disk is built from the record, never from the URL.
 * `?format=jpeg` answers a WebP image as JPEG (e-mails link that; other types are answered as
 * they are, since they already show everywhere).
 */
export function registerServeUploads(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const jpegOf = createRenditionCache();
  for (const { prefix, purpose, pattern } of SERVED) {
    r.get(
      `${prefix}/:filename`,
      {
        schema: {
          params: paramsSchema,
          querystring: querySchema,
          response: { 200: fileResponse("image/*", "The stored image."), ...errorResponses },
        },
      },
      async (request, reply) => {
        const requested = request.params.filename;
        if (!pattern.test(requested)) throw new NotFound("Image not found.");
        const [row] = await ctx.db
          .select({ filename: images.filename, mimeType: images.mimeType })
          .from(images)
          .where(and(eq(images.filename, requested), eq(images.purpose, purpose)));
        if (!row) throw new NotFound("Image not found.");
        const stored = await readFile(uploadPath(ctx, row.filename)).catch(() => null);
        if (!stored) throw new NotFound("Image not found.");
        const asJpeg = request.query.format === "jpeg" && row.mimeType === "image/webp";
        const data = asJpeg ? await jpegOf(row.filename, stored) : stored;
        return reply
          .header("Content-Type", asJpeg ? "image/jpeg" : row.mimeType)
          .header("X-Content-Type-Options", "nosniff")
          .header("Content-Disposition", "inline")
          .header("Cache-Control", "public, max-age=31536000, immutable")
          .header("Cross-Origin-Resource-Policy", "cross-origin")
          .send(data);
      },
    );
  }
}
