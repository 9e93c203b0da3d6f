import type { ProfileInput } from "../../shared/profile";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { saveProfile } from "./save-profile";

/** A later edit of the profile from "My Profile". */
export function updateProfile(ctx: AppContext, user: UserRow, input: ProfileInput) {
  return saveProfile(ctx, user, input);
}
