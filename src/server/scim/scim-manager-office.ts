import { eq, or, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import { users } from "../db/schema";
import { isUuid } from "../db/uuid";
import { officeOnList, officesOfEmail } from "../directory/offices/office-lists";
import { setManagerByRef } from "../people-rows/manager-refs";

/** A manager reference as providers send it: our SCIM id, their externalId, or a userName. */
const scimPerson = (ref: string) =>
  or(
    isUuid(ref) ? eq(users.scimId, ref) : undefined,
    eq(users.scimExternalId, ref),
    sql`lower(${users.scimUserName}) = ${ref.toLowerCase()}`,
  ) ?? sql`false`;

/**
 * The enterprise extension's `manager` (docs/provisioning.md): the manager's SCIM id (or their
 * externalId or userName), looked up among the provider's people. One not provisioned yet is kept
 * waiting and becomes the manager when that person is provisioned (people-rows/manager-refs.ts).
 */
export async function setScimManager(
  ctx: Pick<AppContext, "db">,
  userId: string,
  managerRef: string | null,
): Promise<void> {
  await setManagerByRef(ctx.db, userId, managerRef, scimPerson);
}

/**
 * The work address's locality as the person's office, spelled as their office list spells it
 * (directory/offices/office-lists.ts); a locality not on a kept list changes nothing.
 */
export async function setScimOffice(
  ctx: Pick<AppContext, "db">,
  user: { id: string; email: string },
  locality: string | null,
): Promise<void> {
  if (locality === null) return;
  const office = officeOnList(await officesOfEmail(ctx.db, user.email), locality);
  if (office) await ctx.db.update(users).set({ office }).where(eq(users.id, user.id));
}
