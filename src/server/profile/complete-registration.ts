import type { ProfileInput } from "../../shared/profile";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { saveProfile } from "./save-profile";

/** First-time setup: the profile fields, after which the person no longer needs setup. */
export function completeRegistration(ctx: AppContext, user: UserRow, input: ProfileInput) {
  return saveProfile(ctx, user, input, { needsProfileSetup: false });
}
