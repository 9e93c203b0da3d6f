import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";

/**
 * Multipart bodies for the routes of `app`'s own plugin. Each plugin whose routes take a file or a
 * multipart form registers this itself: the multipart plugin adds three hooks, and registered
 * for the whole app they would run on every request (docs/performance.md, "Hot API path").
 */
export async function acceptMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10 } });
}
