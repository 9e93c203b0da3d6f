import { readFile } from "node:fs/promises";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { GALLERY_FILENAME_PATTERN } from "../../shared/images";
import type { AppContext } from "../context";
import { images } from "../db/schema";
import { NotFound } from "../errors";
import { STORED_FILENAME_PATTERN, uploadPath } from "./store-image";

const paramsSchema = z.object({ filename: z.string().max(100) });

const SERVED = [
  // Profile photos: public, because newsletter e-mails show them.
  { prefix: "/uploads", purpose: "profile", pattern: STORED_FILENAME_PATTERN },
  // Gallery images: public, because mail clients fetch them without a cookie.
  { prefix: "/admin-images", purpose: "gallery", pattern: GALLERY_FILENAME_PATTERN },
] as const;

/**
 * GET /uploads/:filename and /admin-images/:filename. The name must be one we made and recorded
 * for that purpose; the path on disk is built from the record, never from the URL.
 */
export function registerServeUploads(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const { prefix, purpose, pattern } of SERVED) {
    r.get(`${prefix}/:filename`, { schema: { params: paramsSchema } }, async (request, reply) => {
      const requested = request.params.filename;
      if (!pattern.test(requested)) throw new NotFound("Image not found.");
      const [row] = await ctx.db
        .select({ filename: images.filename, mimeType: images.mimeType })
        .from(images)
        .where(and(eq(images.filename, requested), eq(images.purpose, purpose)));
      if (!row) throw new NotFound("Image not found.");
      const data = await readFile(uploadPath(ctx, row.filename)).catch(() => null);
      if (!data) throw new NotFound("Image not found.");
      return reply
        .header("Content-Type", row.mimeType)
        .header("X-Content-Type-Options", "nosniff")
        .header("Content-Disposition", "inline")
        .header("Cache-Control", "public, max-age=31536000, immutable")
        .header("Cross-Origin-Resource-Policy", "cross-origin")
        .send(data);
    });
  }
}
