import { z } from "zod";
import { answers, created, messageSchema } from "../api";
import {
  galleryFilenameParamsSchema,
  galleryImageSchema,
  imageCompatibilitySchema,
} from "../images";
import { endpoint } from "./endpoint";

/** The admin's image gallery (docs/images.md). */
export const imageEndpoints = {
  gallery: endpoint({
    method: "GET",
    path: "/api/admin/images",
    response: answers(z.array(galleryImageSchema)),
  }),
  /**
   * A multipart upload (field `image`): no `body` schema, the server reads the parts itself
   * (docs/api.md, "The endpoint table").
   */
  upload: endpoint({
    method: "POST",
    path: "/api/admin/images/upload",
    response: created(galleryImageSchema),
  }),
  copy: endpoint({
    method: "POST",
    path: "/api/admin/images/copy/:filename",
    params: galleryFilenameParamsSchema,
    response: created(galleryImageSchema),
  }),
  optimise: endpoint({
    method: "POST",
    path: "/api/admin/images/optimize/:filename",
    params: galleryFilenameParamsSchema,
    response: created(galleryImageSchema),
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/admin/images/:filename",
    params: galleryFilenameParamsSchema,
    response: answers(messageSchema),
  }),
  compatibility: endpoint({
    method: "GET",
    path: "/api/admin/image-compatibility",
    response: answers(imageCompatibilitySchema),
  }),
};
