import type { AllowedEmail } from "../../../shared/whitelist";
import type { allowedEmails, DomainGroupRow } from "../../db/schema";

type AllowedEmailRow = typeof allowedEmails.$inferSelect;

export function presentAllowedEmail(
  entry: AllowedEmailRow,
  group: DomainGroupRow | null,
): AllowedEmail {
  return {
    id: entry.id,
    email: entry.email,
    domain: entry.domain,
    reason: entry.reason,
    domainGroupId: entry.domainGroupId,
    domainGroup: group
      ? { id: group.id, name: group.name, displayName: group.displayName, color: group.color }
      : null,
    addedBy: entry.addedBy,
    isActive: entry.isActive,
    createdAt: entry.createdAt.toISOString(),
    updatedAt: entry.updatedAt.toISOString(),
  };
}
