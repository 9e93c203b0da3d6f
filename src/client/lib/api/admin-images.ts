import type { AnswerOf } from "@shared/endpoints/endpoint";
import { imageEndpoints as endpoints } from "@shared/endpoints/images";
import { apiRequest } from "../api-client";
import { addressOf, call } from "./request";

export const imageKeys = {
  gallery: [endpoints.gallery.path] as const,
  compatibility: [endpoints.compatibility.path] as const,
};

export const imagesApi = {
  gallery: (signal?: AbortSignal) => call(endpoints.gallery, { signal }),
  compatibility: (signal?: AbortSignal) => call(endpoints.compatibility, { signal }),
  /** A multipart upload: its body is the form, not JSON (docs/api.md, "The endpoint table"). */
  upload: (image: File) => {
    const body = new FormData();
    body.append("image", image);
    return apiRequest<AnswerOf<typeof endpoints.upload>>(
      endpoints.upload.method,
      addressOf(endpoints.upload),
      body,
    );
  },
  copy: (filename: string) => call(endpoints.copy, { params: { filename } }),
  optimise: (filename: string) => call(endpoints.optimise, { params: { filename } }),
  remove: (filename: string) => call(endpoints.remove, { params: { filename } }),
};
