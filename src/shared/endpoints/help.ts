import { answers } from "../api";
import { helpIndexSchema, helpPageSchema, helpSlugParamsSchema } from "../help";
import { endpoint } from "./endpoint";

/** The help pages: the people-facing docs, rendered on the server (docs/admin-console.md, "Help pages"). */
export const helpEndpoints = {
  index: endpoint({
    access: "public",
    method: "GET",
    path: "/api/public/help",
    response: answers(helpIndexSchema),
  }),
  page: endpoint({
    access: "public",
    method: "GET",
    path: "/api/public/help/:slug",
    params: helpSlugParamsSchema,
    response: answers(helpPageSchema),
  }),
};
