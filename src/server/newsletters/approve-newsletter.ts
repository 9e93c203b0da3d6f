import { and, eq } from "drizzle-orm";
import type { Newsletter } from "../../shared/newsletters";
import type { AppContext } from "../context";
import { newsletters } from "../db/schema";
import { Conflict } from "../errors";
import { findNewsletter, presentNewsletter } from "./present";

/** draft → approved, with optional notes; anything else is a 409 naming the current status. */
export async function approveNewsletter(
  ctx: AppContext,
  id: number,
  adminNotes: string | null | undefined,
): Promise<Newsletter> {
  const now = ctx.clock.now();
  const [approved] = await ctx.db
    .update(newsletters)
    .set({
      status: "approved",
      approvedAt: now,
      updatedAt: now,
      ...(adminNotes !== undefined ? { adminNotes } : {}),
    })
    .where(and(eq(newsletters.id, id), eq(newsletters.status, "draft")))
    .returning();
  if (approved) return presentNewsletter(ctx, approved);
  const current = await findNewsletter(ctx, id);
  throw new Conflict(
    `Only a draft can be approved; this newsletter is ${current.status === "sending" ? "being sent" : current.status}.`,
    "not_draft",
  );
}
