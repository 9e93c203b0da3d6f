import type { GalleryImage, ImageCompatibility } from "@shared/images";
import { apiRequest } from "../api-client";
import { getJson, segment } from "./request";

const IMAGES = "/api/admin/images";

export const imageKeys = {
  gallery: [IMAGES] as const,
  compatibility: ["/api/admin/image-compatibility"] as const,
};

export const imagesApi = {
  gallery: (signal?: AbortSignal) => getJson<GalleryImage[]>(IMAGES, signal),
  compatibility: (signal?: AbortSignal) =>
    getJson<ImageCompatibility>(imageKeys.compatibility[0], signal),
  upload: (image: File) => {
    const body = new FormData();
    body.append("image", image);
    return apiRequest<GalleryImage>("POST", `${IMAGES}/upload`, body);
  },
  copy: (filename: string) => apiRequest<unknown>("POST", `${IMAGES}/copy/${segment(filename)}`),
  optimise: (filename: string) =>
    apiRequest<{ filename: string; size: number }>(
      "POST",
      `${IMAGES}/optimize/${segment(filename)}`,
    ),
  remove: (filename: string) => apiRequest<unknown>("DELETE", `${IMAGES}/${segment(filename)}`),
};
