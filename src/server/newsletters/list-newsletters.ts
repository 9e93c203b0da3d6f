import { desc, ne } from "drizzle-orm";
import type { Newsletter } from "../../shared/newsletters";
import type { AppContext } from "../context";
import { newsletters } from "../db/schema";
import { presentNewsletters } from "./present";

/** Every newsletter not yet sent (drafts, approved, sending), newest month first. */
export async function listNewsletters(ctx: AppContext): Promise<Newsletter[]> {
  const rows = await ctx.db
    .select()
    .from(newsletters)
    .where(ne(newsletters.status, "sent"))
    .orderBy(desc(newsletters.year), desc(newsletters.month), desc(newsletters.id));
  return presentNewsletters(ctx, rows);
}
