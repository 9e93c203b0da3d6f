import type { ProfileInput } from "../../shared/profile";
import type { SignedInUser } from "../auth/session-store";
import type { AppContext } from "../context";
import { saveProfile } from "./save-profile";

/** First-time setup: the profile fields, after which the person no longer needs setup. */
export function completeRegistration(ctx: AppContext, user: SignedInUser, input: ProfileInput) {
  return saveProfile(ctx, user, input, { needsProfileSetup: false });
}
