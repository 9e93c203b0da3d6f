import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { imageEndpoints as endpoints } from "../../shared/endpoints/images";
import { GALLERY_IMAGE_MAX_BYTES, GALLERY_NO_FILE, GALLERY_TOO_LARGE } from "../../shared/images";
import { requireAdmin } from "../auth/guards";
import type { FeatureRoutes } from "../context";
import { endpointRoute } from "../http/endpoint-route";
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

  r.route({
    ...endpointRoute(endpoints.gallery),
    handler: async () => listGalleryImages(ctx),
  });

  // A multipart body: the upload is read from its parts, not through a schema.
  r.route({
    ...endpointRoute(endpoints.upload),
    config: { rateLimit: { max: 60, timeWindow: "5 minutes" } },
    handler: async (request, reply) => {
      const admin = requireAdmin(request);
      const upload = await readImageUpload(request, {
        field: "image",
        maxBytes: GALLERY_IMAGE_MAX_BYTES,
        tooLarge: GALLERY_TOO_LARGE,
        noFile: GALLERY_NO_FILE,
      });
      return reply.code(201).send(await uploadGalleryImage(ctx, admin.id, upload));
    },
  });

  r.route({
    ...endpointRoute(endpoints.copy),
    handler: async (request, reply) => {
      const admin = requireAdmin(request);
      return reply.code(201).send(await copySampleImage(ctx, admin.id, request.params.filename));
    },
  });

  r.route({
    ...endpointRoute(endpoints.optimise),
    handler: async (request, reply) => {
      const admin = requireAdmin(request);
      const image = await optimiseGalleryImage(ctx, admin.id, request.params.filename);
      return reply.code(201).send(image);
    },
  });

  r.route({
    ...endpointRoute(endpoints.remove),
    handler: async (request) => {
      await deleteGalleryImage(ctx, request.params.filename);
      return { message: "Image deleted" };
    },
  });

  r.route({
    ...endpointRoute(endpoints.compatibility),
    handler: async () => analyseImageCompatibility(ctx),
  });
};

export default imagesRoutes;
