import { desc, eq } from "drizzle-orm";
import type { Newsletter } from "../../shared/newsletters";
import type { AppContext } from "../context";
import { newsletters } from "../db/schema";
import { presentNewsletters } from "./present";

/**
 * Every newsletter, sent ones included (their logs stay reachable), newest month first; a round's
 * short announcement is not a newsletter an admin handles.
 */
export async function listNewsletters(ctx: AppContext): Promise<Newsletter[]> {
  const rows = await ctx.db
    .select()
    .from(newsletters)
    .where(eq(newsletters.kind, "newsletter"))
    .orderBy(desc(newsletters.year), desc(newsletters.month), desc(newsletters.id));
  return presentNewsletters(ctx, rows);
}
