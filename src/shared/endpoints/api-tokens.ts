import { z } from "zod";
import { answers, created } from "../api";
import {
  apiTokenParamsSchema,
  apiTokenSchema,
  createApiTokenSchema,
  createdApiTokenSchema,
} from "../api-tokens";
import { endpoint } from "./endpoint";

/** API tokens of the admin API, on the console's Operations tab (docs/api.md, "API tokens"). */
export const apiTokenEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/admin/api-tokens",
    response: answers(z.array(apiTokenSchema)),
  }),
  create: endpoint({
    method: "POST",
    path: "/api/admin/api-tokens",
    body: createApiTokenSchema,
    response: created(createdApiTokenSchema),
  }),
  revoke: endpoint({
    method: "DELETE",
    path: "/api/admin/api-tokens/:id",
    params: apiTokenParamsSchema,
    response: answers(apiTokenSchema),
  }),
};
