import type { MagicLinkCheck } from "../../shared/auth";
import type { AppContext } from "../context";
import { magicLinkTokens } from "../db/schema";
import { keyedHash } from "./auth-secret";
import { liveLinkWhere } from "./verify-magic-link";
import { isEmailAllowed } from "./whitelist-lookup";

/**
 * Whether a link token would sign in now, read without using it up: the arrival page asks first,
 * so a used or expired link is an answer it shows rather than a refused request (docs/sign-in.md).
 * `verifyMagicLink` still decides; a link used in between is refused there.
 */
export async function checkMagicLink(ctx: AppContext, token: string): Promise<MagicLinkCheck> {
  const tokenHash = await keyedHash(ctx, "magic-link", token);
  const [live] = await ctx.db
    .select({ email: magicLinkTokens.email })
    .from(magicLinkTokens)
    .where(liveLinkWhere(tokenHash, ctx.clock.now()));
  if (!live) return { usable: false, reason: "invalid_link" };
  if (!(await isEmailAllowed(ctx.db, live.email)))
    return { usable: false, reason: "invalid_email" };
  return { usable: true, reason: null };
}
