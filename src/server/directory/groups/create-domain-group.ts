import type { CreateDomainGroup } from "../../../shared/whitelist";
import type { AppContext } from "../../context";
import { departments, domainGroups } from "../../db/schema";
import { Conflict } from "../../errors";
import { presentDomainGroup } from "./present";

/** Creates a group together with its "Other" department: every group always has one. */
export async function createDomainGroup(ctx: AppContext, input: CreateDomainGroup) {
  const now = ctx.clock.now();
  const group = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(domainGroups)
      .values({
        name: input.name.trim(),
        displayName: input.displayName.trim(),
        description: input.description?.trim() || null,
        color: input.color.toUpperCase(),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!created)
      throw new Conflict(
        `A domain group named "${input.name.trim()}" already exists.`,
        "duplicate_group",
      );
    await tx
      .insert(departments)
      .values({ name: "Other", displayName: "Other", domainGroupId: created.id, createdAt: now })
      .onConflictDoNothing();
    return created;
  });
  return presentDomainGroup(group);
}
