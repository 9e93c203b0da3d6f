import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { answers, created, messageSchema } from "../../shared/api";
import {
  GALLERY_IMAGE_MAX_BYTES,
  GALLERY_NO_FILE,
  GALLERY_TOO_LARGE,
  galleryFilenameParamsSchema,
  galleryImageSchema,
  imageCompatibilitySchema,
} from "../../shared/images";
import { requireAdmin } from "../auth/guards";
import type { FeatureRoutes } from "../context";
import { acceptMultipart } from "../http/multipart-bodies";
import { copySampleImage } from "./gallery/copy-sample-image";
import { deleteGalleryImage } from "./gallery/delete-gallery-image";
import { analyseImageCompatibility } from "./gallery/image-compatibility";
import { listGalleryImages } from "./gallery/list-gallery-images";
import { optimiseGalleryImage } from "./gallery/optimise-gallery-image";
import { uploadGalleryImage } from "./gallery/upload-gallery-image";
import { readImageUpload } from "./read-image-upload";
import { registerServeUploads } from "./serve-uploads";

const imagesRoutes: FeatureRoutes = async (app, { ctx }) => {
  await acceptMultipart(app);
  registerServeUploads(app, ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = galleryFilenameParamsSchema;
  const madeImage = { params, response: created(galleryImageSchema) };

  r.get(
    "/api/admin/images",
    { schema: { response: answers(z.array(galleryImageSchema)) } },
    async () => listGalleryImages(ctx),
  );

  r.post(
    "/api/admin/images/upload",
    {
      schema: { response: created(galleryImageSchema) },
      config: { rateLimit: { max: 60, timeWindow: "5 minutes" } },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const upload = await readImageUpload(request, {
        field: "image",
        maxBytes: GALLERY_IMAGE_MAX_BYTES,
        tooLarge: GALLERY_TOO_LARGE,
        noFile: GALLERY_NO_FILE,
      });
      return reply.code(201).send(await uploadGalleryImage(ctx, admin.id, upload));
    },
  );

  r.post("/api/admin/images/copy/:filename", { schema: madeImage }, async (request, reply) => {
    const admin = requireAdmin(request);
    return reply.code(201).send(await copySampleImage(ctx, admin.id, request.params.filename));
  });

  r.post("/api/admin/images/optimize/:filename", { schema: madeImage }, async (request, reply) => {
    const admin = requireAdmin(request);
    return reply.code(201).send(await optimiseGalleryImage(ctx, admin.id, request.params.filename));
  });

  const deleted = { params, response: answers(messageSchema) };
  r.delete("/api/admin/images/:filename", { schema: deleted }, async (request) => {
    await deleteGalleryImage(ctx, request.params.filename);
    return { message: "Image deleted" };
  });

  r.get(
    "/api/admin/image-compatibility",
    { schema: { response: answers(imageCompatibilitySchema) } },
    async () => analyseImageCompatibility(ctx),
  );
};

export default imagesRoutes;
