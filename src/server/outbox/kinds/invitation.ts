import { z } from "zod";
import type { MessageKind } from "../message-kind";
import { invitationEmail, withholdInvitation } from "./launch-invitation";

const invitationData = z.object({
  /** When the admin sent it (ISO): one e-mail per address and press. */
  invitedAt: z.string(),
});
export type InvitationData = z.infer<typeof invitationData>;

/**
 * The invitation an admin sends to whitelisted people who have not signed up
 * (docs/admin-console.md, "Invitations"): the launch invitation's e-mail, at most once a day per
 * address (getting-started/queue-invitations.ts decides who).
 */
export const invitation = {
  name: "invitation",
  mailKind: "other",
  schema: invitationData,
  onceKey: (data) => `invited-${data.invitedAt}`,
  withhold: withholdInvitation,
  render: (ctx, _data, recipient) => invitationEmail(ctx, recipient),
} satisfies MessageKind<InvitationData>;
