import { z } from "zod";
import {
  addAdminSchema,
  adminAccountSchema,
  forgotPasswordSchema,
  setPasswordSchema,
} from "../admin-accounts";
import { adminUserParamsSchema } from "../admin-users";
import { answers, messageSchema } from "../api";
import { endpoint } from "./endpoint";

/**
 * Admins managed from the console (docs/admin-console.md, "Admins"): add one by e-mail and send
 * another a new set-password link; the link's page sets the password (docs/sign-in.md).
 */
export const adminAccountEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/admin/admins",
    response: answers(z.array(adminAccountSchema)),
  }),
  add: endpoint({
    method: "POST",
    path: "/api/admin/admins",
    body: addAdminSchema,
    response: answers(messageSchema),
  }),
  sendPasswordLink: endpoint({
    method: "POST",
    path: "/api/admin/admins/:id/password-link",
    params: adminUserParamsSchema,
    response: answers(messageSchema),
  }),
  /**
   * "Forgot your password?" on the admin sign-in: e-mails a set-password link to the address if
   * it is an active admin's; the same answer either way.
   */
  forgotPassword: endpoint({
    access: "public",
    method: "POST",
    path: "/api/auth/admin-forgot-password",
    body: forgotPasswordSchema,
    response: answers(messageSchema),
  }),
  /** The set-password page's POST: the GET of the link itself only shows the form. */
  setPassword: endpoint({
    access: "public",
    method: "POST",
    path: "/api/auth/set-password",
    body: setPasswordSchema,
    response: answers(messageSchema),
  }),
};
