import { z } from "zod";
import { adminUserParamsSchema } from "../admin-users";
import { answers } from "../api";
import { eraseBodySchema, erasedSchema, retentionSchema, retentionStatusSchema } from "../privacy";
import { endpoint } from "./endpoint";

/** A person's own data, an admin's erase and how long history is kept (docs/privacy.md). */
export const privacyEndpoints = {
  myData: endpoint({
    method: "GET",
    path: "/api/profile/data",
    response: answers(z.record(z.string(), z.unknown())),
  }),
  deleteMyAccount: endpoint({
    method: "DELETE",
    path: "/api/profile",
    body: eraseBodySchema,
    response: answers(erasedSchema),
  }),
  erasePerson: endpoint({
    method: "POST",
    path: "/api/admin/users/:id/erase",
    params: adminUserParamsSchema,
    body: eraseBodySchema,
    response: answers(erasedSchema),
  }),
  retention: endpoint({
    method: "GET",
    path: "/api/admin/retention",
    response: answers(retentionStatusSchema),
  }),
  setRetention: endpoint({
    method: "PUT",
    path: "/api/admin/retention",
    body: retentionSchema,
    response: answers(retentionStatusSchema),
  }),
};
