import type { DomainGroup } from "../../../shared/whitelist";
import type { DomainGroupRow } from "../../db/schema";

export function presentDomainGroup(group: DomainGroupRow): DomainGroup {
  return {
    id: group.id,
    name: group.name,
    displayName: group.displayName,
    description: group.description,
    color: group.color,
    isActive: group.isActive,
    createdAt: group.createdAt.toISOString(),
  };
}
