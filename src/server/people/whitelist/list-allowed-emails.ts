import { asc, eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { allowedEmails, domainGroups } from "../../db/schema";
import { presentAllowedEmail } from "./present";

/** Every whitelist entry with its group, newest first within the alphabetical list. */
export async function listAllowedEmails(ctx: AppContext) {
  const rows = await ctx.db
    .select({ entry: allowedEmails, group: domainGroups })
    .from(allowedEmails)
    .leftJoin(domainGroups, eq(domainGroups.id, allowedEmails.domainGroupId))
    .orderBy(asc(allowedEmails.email));
  return rows.map((row) => presentAllowedEmail(row.entry, row.group));
}
