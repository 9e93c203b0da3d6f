import { readFile } from "node:fs/promises";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../context";
import { images } from "../db/schema";
import { NotFound } from "../errors";
import { STORED_FILENAME_PATTERN, uploadPath } from "./store-image";

const paramsSchema = z.object({ filename: z.string().max(64) });

/**
 * GET /uploads/:filename serves profile photos. Public, because newsletter e-mails show them.
 * The name must be one we made and recorded; the path on disk is built from the record.
 */
export function registerServeUploads(app: FastifyInstance, ctx: AppContext): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get("/uploads/:filename", { schema: { params: paramsSchema } }, async (request, reply) => {
      const requested = request.params.filename;
      if (!STORED_FILENAME_PATTERN.test(requested)) throw new NotFound("Image not found.");
      const [row] = await ctx.db
        .select({ filename: images.filename, mimeType: images.mimeType })
        .from(images)
        .where(and(eq(images.filename, requested), eq(images.purpose, "profile")));
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
