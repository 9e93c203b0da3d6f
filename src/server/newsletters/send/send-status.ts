import { eq } from "drizzle-orm";
import type { SendStatusResponse } from "../../../shared/newsletters";
import type { AppContext } from "../../context";
import { newsletters } from "../../db/schema";
import { NotFound } from "../../errors";
import { countDeliveries } from "./ledger";

/** The progress bar's numbers, read from the ledger (the same in every process). */
export async function getSendStatus(
  ctx: AppContext,
  newsletterId: number,
): Promise<SendStatusResponse> {
  const [newsletter] = await ctx.db
    .select({ status: newsletters.status })
    .from(newsletters)
    .where(eq(newsletters.id, newsletterId));
  if (!newsletter) throw new NotFound("Newsletter not found");
  const { waitingSince, ...counts } = await countDeliveries(ctx.db, newsletterId);
  return {
    status: newsletter.status as SendStatusResponse["status"],
    ...counts,
    waitingSince: waitingSince?.toISOString() ?? null,
  };
}
