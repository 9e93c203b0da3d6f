import {
  accountChangeResponseSchema,
  adminUserParamsSchema,
  adminUsersFilterSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  adminUserUpdatedSchema,
  updateAdminUserSchema,
} from "../admin-users";
import { answers, errorResponses, fileResponse } from "../api";
import { endpoint } from "./endpoint";

/** User management on the Admin Tools tab (docs/admin-console.md). */
export const adminUserEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/admin/users",
    query: adminUsersQuerySchema,
    response: answers(adminUsersResponseSchema),
  }),
  csv: endpoint({
    method: "GET",
    path: "/api/admin/users/csv",
    query: adminUsersFilterSchema,
    response: {
      200: fileResponse("text/csv", "Everyone the list's filters and search match, as CSV."),
      ...errorResponses,
    },
  }),
  update: endpoint({
    method: "PATCH",
    path: "/api/admin/users/:id",
    params: adminUserParamsSchema,
    body: updateAdminUserSchema,
    response: answers(adminUserUpdatedSchema),
  }),
  deactivate: endpoint({
    method: "POST",
    path: "/api/admin/users/:id/deactivate",
    params: adminUserParamsSchema,
    response: answers(accountChangeResponseSchema),
  }),
  reactivate: endpoint({
    method: "POST",
    path: "/api/admin/users/:id/reactivate",
    params: adminUserParamsSchema,
    response: answers(accountChangeResponseSchema),
  }),
};
