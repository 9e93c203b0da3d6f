import type { ProfileInput } from "../../shared/profile";
import type { SignedInUser } from "../auth/session-store";
import type { AppContext } from "../context";
import { saveProfile } from "./save-profile";

/** A later edit of the profile from "My Profile". */
export function updateProfile(ctx: AppContext, user: SignedInUser, input: ProfileInput) {
  return saveProfile(ctx, user, input);
}
