import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  GALLERY_IMAGE_MAX_BYTES,
  GALLERY_NO_FILE,
  GALLERY_TOO_LARGE,
  galleryFilenameParamsSchema,
} from "../../shared/images";
import { requireAdmin } from "../auth/guards";
import type { FeatureRoutes } from "../context";
import { copySampleImage } from "./gallery/copy-sample-image";
import { deleteGalleryImage } from "./gallery/delete-gallery-image";
import { analyseImageCompatibility } from "./gallery/image-compatibility";
import { listGalleryImages } from "./gallery/list-gallery-images";
import { optimiseGalleryImage } from "./gallery/optimise-gallery-image";
import { uploadGalleryImage } from "./gallery/upload-gallery-image";
import { readImageUpload } from "./read-image-upload";
import { registerServeUploads } from "./serve-uploads";

const imagesRoutes: FeatureRoutes = async (app, { ctx }) => {
  registerServeUploads(app, ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = { params: galleryFilenameParamsSchema };

  r.get("/api/admin/images", async () => listGalleryImages(ctx));

  r.post(
    "/api/admin/images/upload",
    { config: { rateLimit: { max: 60, timeWindow: "5 minutes" } } },
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

  r.post("/api/admin/images/copy/:filename", { schema: params }, async (request, reply) => {
    const admin = requireAdmin(request);
    return reply.code(201).send(await copySampleImage(ctx, admin.id, request.params.filename));
  });

  r.post("/api/admin/images/optimize/:filename", { schema: params }, async (request, reply) => {
    const admin = requireAdmin(request);
    return reply.code(201).send(await optimiseGalleryImage(ctx, admin.id, request.params.filename));
  });

  r.delete("/api/admin/images/:filename", { schema: params }, async (request) => {
    await deleteGalleryImage(ctx, request.params.filename);
    return { message: "Image deleted" };
  });

  r.get("/api/admin/image-compatibility", async () => analyseImageCompatibility(ctx));
};

export default imagesRoutes;
