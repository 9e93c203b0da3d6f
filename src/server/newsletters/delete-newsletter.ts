import { and, eq, inArray } from "drizzle-orm";
import type { AppContext } from "../context";
import { newsletters } from "../db/schema";
import { EDITABLE_STATUSES, lockedConflict } from "./newsletter-state";
import { findNewsletter } from "./present";

/** Deletes a draft or approved newsletter; one being sent or already sent is kept (409). */
export async function deleteNewsletter(ctx: AppContext, id: number): Promise<{ message: string }> {
  const deleted = await ctx.db
    .delete(newsletters)
    .where(and(eq(newsletters.id, id), inArray(newsletters.status, [...EDITABLE_STATUSES])))
    .returning({ title: newsletters.title });
  if (deleted.length === 0) throw lockedConflict(await findNewsletter(ctx, id), "deleted");
  return { message: `Deleted "${deleted[0].title}"` };
}
