import type { AuthUser } from "../use-auth";

/**
 * True while the person still has to verify their e-mail or finish the setup form; until then
 * they are not paired, so pages that talk about matches send them to /profile instead.
 */
export function needsSetup(user: Pick<AuthUser, "isValidated" | "needsProfileSetup"> | null) {
  return user !== null && (!user.isValidated || user.needsProfileSetup);
}
