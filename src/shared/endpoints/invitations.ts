import { answers, errorResponses } from "../api";
import {
  invitationListSchema,
  invitationsQueuedSchema,
  sendInvitationsSchema,
} from "../invitations";
import { endpoint } from "./endpoint";

/** The people who have not signed up yet, and their invitation (docs/admin-console.md). */
export const invitationEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/admin/invitations",
    response: answers(invitationListSchema),
  }),
  send: endpoint({
    method: "POST",
    path: "/api/admin/invitations",
    body: sendInvitationsSchema,
    response: { 202: invitationsQueuedSchema, ...errorResponses },
  }),
};
