import { invitationEndpoints as endpoints } from "@shared/endpoints/invitations";
import { call } from "./request";

export const invitationKeys = { list: [endpoints.list.path] as const };

export const invitationsApi = {
  /** The whitelisted people who have not signed up, with when each was last invited. */
  list: (signal?: AbortSignal) => call(endpoints.list, { signal }),
  /** Queues the invitation e-mail; addresses invited in the last day are left out, with why. */
  send: (emails: string[]) => call(endpoints.send, { body: { emails } }),
};
