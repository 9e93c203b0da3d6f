import { helpEndpoints as endpoints } from "@shared/endpoints/help";
import { call } from "./request";

export const helpKeys = {
  index: [endpoints.index.path] as const,
  page: (slug: string) => [endpoints.page.path, slug] as const,
};

export const helpApi = {
  index: (signal?: AbortSignal) => call(endpoints.index, { signal }),
  page: (slug: string, signal?: AbortSignal) => call(endpoints.page, { params: { slug }, signal }),
};
