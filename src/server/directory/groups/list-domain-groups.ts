import { asc } from "drizzle-orm";
import type { AppContext } from "../../context";
import { domainGroups } from "../../db/schema";
import { presentDomainGroup } from "./present";

export async function listDomainGroups(ctx: AppContext) {
  const rows = await ctx.db
    .select()
    .from(domainGroups)
    .orderBy(asc(domainGroups.displayName), asc(domainGroups.id));
  return rows.map(presentDomainGroup);
}
