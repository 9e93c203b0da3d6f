import { randomUUID } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import { adoptDirectoryTimeZone, dropDirectoryTimeZone } from "../auth/directory-time-zone";
import { findUserByEmail } from "../auth/sign-in-account";
import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { type UserRow, users } from "../db/schema";
import { isUuid } from "../db/uuid";
import { lockPersonByScimId } from "../pairings/locks/people-locks";
import { resolveManagerRefs } from "../people-rows/manager-refs";
import { deprovisionUser, reprovisionUser } from "./deprovision-user";
import { endSignInsOfAddress } from "./end-sign-ins-of-address";
import { recordScimChange } from "./scim-activity";
import type { ScimAttributes } from "./scim-attributes";
import { setScimDepartment } from "./scim-department";
import { invalidValue, ScimError, userNotFound } from "./scim-error";
import { setScimManager, setScimOffice } from "./scim-manager-office";
import { findScimUser, type ScimUserRow } from "./scim-user-rows";
import { provisionWhitelistEntry, removeWhitelistEntry } from "./scim-whitelist";

const taken = (what: string) => new ScimError(409, `${what} is already provisioned.`, "uniqueness");
const adminAccount = (email: string) =>
  new ScimError(403, `${email} is an admin account, managed by the operator, not by SCIM.`);

/** The values SCIM keeps only to give them back (users.scimEmailType and the two names). */
const echoed = (input: ScimAttributes) => ({
  scimEmailType: input.emailType,
  scimNameFormatted: input.nameFormatted,
  scimDisplayName: input.displayName,
});

/**
 * POST /Users. A person who already has an account (they signed in by e-mail before, or the
 * provider deleted and now recreates them) is taken over under a new SCIM id; an admin account
 * stays the operator's (409) and an erased one stays erased. The account and its whitelist entry
 * are written in one transaction; the department and `active` follow.
 */
export async function createScimUser(
  ctx: AppContext,
  input: ScimAttributes & { userName: string; email: string },
): Promise<ScimUserRow> {
  const now = ctx.clock.now();
  const scimId = await writeOrConflict(() =>
    ctx.db.transaction(async (tx) => {
      await checkUserNameFree(tx, input.userName, null);
      const existing = await findUserByEmail(tx, input.email);
      if (existing?.scimManaged) throw taken(`The address ${input.email}`);
      if (existing?.isAdmin) {
        throw new ScimError(
          409,
          `${input.email} is an admin account, managed by the operator.`,
          "uniqueness",
        );
      }
      if (existing?.erasedAt) throw invalidValue(`${input.email} belongs to an erased account.`);
      const id = existing?.id ?? randomUUID();
      const fields = {
        scimManaged: true,
        // A new account's resource id is its own; a taken-over account gets a new one (§3.6).
        scimId: existing ? randomUUID() : id,
        scimUserName: input.userName,
        scimExternalId: input.externalId ?? null,
        ...echoed(input),
        firstName: input.firstName ?? existing?.firstName ?? null,
        lastName: input.lastName ?? existing?.lastName ?? null,
        updatedAt: now,
      };
      if (existing) await tx.update(users).set(fields).where(eq(users.id, id));
      else {
        await tx.insert(users).values({
          ...fields,
          id,
          email: input.email,
          isEmailVerified: true,
          isValidated: true,
          validatedAt: now,
          needsProfileSetup: true,
          authMethod: "scim",
          createdAt: now,
        });
      }
      await provisionWhitelistEntry(tx, input.email, now);
      return fields.scimId;
    }),
  );
  return settle(ctx, scimId, input);
}

/**
 * PUT and PATCH /Users/:id: the given attributes change; absent ones stay. A changed address
 * ends the old one's live codes, links and queued sign-in mail, so no one signs in by it into a
 * second account (docs/provisioning.md).
 */
export async function updateScimUser(
  ctx: AppContext,
  scimId: string,
  input: ScimAttributes,
): Promise<ScimUserRow> {
  const now = ctx.clock.now();
  await writeOrConflict(() =>
    ctx.db.transaction(async (tx) => {
      const user = await lockScimUser(tx, scimId);
      if (input.userName !== undefined) await checkUserNameFree(tx, input.userName, user.id);
      const email = input.email ?? user.email;
      if (email !== user.email) {
        const other = await findUserByEmail(tx, email);
        if (other) throw taken(`The address ${email}`);
        await removeWhitelistEntry(tx, user.email);
        await provisionWhitelistEntry(tx, email, now);
        await endSignInsOfAddress(tx, user.email);
      }
      await tx
        .update(users)
        .set({
          email,
          scimUserName: input.userName,
          scimExternalId: input.externalId,
          ...echoed(input),
          firstName: input.firstName,
          lastName: input.lastName,
          updatedAt: now,
        })
        .where(eq(users.id, user.id));
    }),
  );
  return settle(ctx, scimId, input);
}

/**
 * DELETE /Users/:id: deactivated as by the admin, then no longer the provider's: the SCIM
 * whitelist entry and the address's live sign-in codes go, and the id answers 404 from then on
 * (a later POST of the same person gets a new id). The account and its history stay.
 */
export async function deleteScimUser(ctx: AppContext, scimId: string): Promise<void> {
  const user = await findScimUser(ctx.db, scimId);
  if (!user) throw userNotFound(scimId);
  if (user.isAdmin) throw adminAccount(user.email);
  await deprovisionUser(ctx, user.id);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        scimManaged: false,
        scimId: null,
        scimUserName: null,
        scimExternalId: null,
        ...echoed({ emailType: null, nameFormatted: null, displayName: null }),
        updatedAt: ctx.clock.now(),
      })
      .where(eq(users.id, user.id));
    await removeWhitelistEntry(tx, user.email);
    await endSignInsOfAddress(tx, user.email);
  });
  await recordScimChange(ctx);
}

/** The department and active state after the account's own fields, then the answer. */
async function settle(
  ctx: AppContext,
  scimId: string,
  input: ScimAttributes,
): Promise<ScimUserRow> {
  const current = await findScimUser(ctx.db, scimId);
  if (!current) throw userNotFound(scimId);
  if (input.department !== undefined) await setScimDepartment(ctx, current, input.department);
  if (input.timeZone) await adoptDirectoryTimeZone(ctx.db, current.id, input.timeZone);
  if (input.timeZone === null) await dropDirectoryTimeZone(ctx.db, current.id);
  if (input.manager !== undefined) await setScimManager(ctx, current.id, input.manager);
  if (input.office !== undefined) await setScimOffice(ctx, current, input.office);
  // Whoever named this person as their manager before they were provisioned gets them now.
  await resolveManagerRefs(ctx.db, current.id);
  if (input.active === false && current.isActive) await deprovisionUser(ctx, current.id);
  if (input.active === true && !current.isActive) await reprovisionUser(ctx, current.id);
  await recordScimChange(ctx);
  const saved = await findScimUser(ctx.db, scimId);
  if (!saved) throw userNotFound(scimId);
  return saved;
}

/** The provider's person, locked; an admin account is the operator's (docs/provisioning.md). */
async function lockScimUser(tx: Tx, scimId: string): Promise<UserRow> {
  if (!isUuid(scimId)) throw userNotFound(scimId);
  const user = await lockPersonByScimId(tx, scimId);
  if (!user) throw userNotFound(scimId);
  if (user.isAdmin) throw adminAccount(user.email);
  return user;
}

async function checkUserNameFree(tx: Tx, userName: string, ownId: string | null): Promise<void> {
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.scimUserName}) = ${userName.toLowerCase()}`,
        ownId ? ne(users.id, ownId) : undefined,
      ),
    );
  if (other) throw taken(`The userName ${userName}`);
}

/** Two processes creating the same person at once: the unique indexes decide, the loser gets 409. */
async function writeOrConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ScimError(409, "The user is already provisioned.", "uniqueness");
    throw error;
  }
}
