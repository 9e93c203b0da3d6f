import { eq } from "drizzle-orm";
import type { ValidateResponse } from "../../shared/newsletters";
import type { AppContext } from "../context";
import { newsletters } from "../db/schema";
import { compose } from "./compose/composer";
import { toStoredValidation } from "./compose/validate";
import { findNewsletter } from "./present";

/**
 * Validates a pairing for this newsletter (the editor's "Validate Matches"). The result is kept on
 * the newsletter and shown with it while that pairing is the linked one; a sent newsletter keeps
 * the validation it was sent with.
 */
export async function validateNewsletter(
  ctx: AppContext,
  id: number,
  pairingFile: string,
): Promise<ValidateResponse> {
  const newsletter = await findNewsletter(ctx, id);
  const result = (await compose(ctx, { newsletter, pairingFile })).validate();
  if (newsletter.status === "draft" || newsletter.status === "approved") {
    await ctx.db
      .update(newsletters)
      .set({ validation: toStoredValidation(pairingFile, result, ctx.clock.now()) })
      .where(eq(newsletters.id, id));
  }
  return result;
}
