import type { AppContext } from "../context";
import { HttpError } from "../errors";
import { deactivateUser } from "../people/users/deactivate-user";
import { reactivateUser } from "../people/users/reactivate-user";

/** Stands for the provider where deactivateUser names the admin; never a user's id. */
const PROVIDER = { id: "scim-provisioning" };

/**
 * The provider's `active: false` or DELETE: exactly the admin's deactivation (sessions end at
 * once, the person leaves running matches, partners are offered a re-pair). Already deactivated
 * is fine: the provider may say it twice.
 */
export async function deprovisionUser(ctx: AppContext, id: string): Promise<void> {
  try {
    await deactivateUser(ctx, id, PROVIDER);
  } catch (error) {
    if (error instanceof HttpError && error.code === "already_deactivated") return;
    throw error;
  }
}

/** The provider's `active: true` for a deactivated person: the admin's reactivation. */
export async function reprovisionUser(ctx: AppContext, id: string): Promise<void> {
  try {
    await reactivateUser(ctx, id);
  } catch (error) {
    if (error instanceof HttpError && error.code === "already_active") return;
    throw error;
  }
}
