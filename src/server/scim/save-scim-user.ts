import { and, eq, ne, sql } from "drizzle-orm";
import { findUserByEmail } from "../auth/sign-in-account";
import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { type UserRow, users } from "../db/schema";
import { deprovisionUser, reprovisionUser } from "./deprovision-user";
import { recordScimChange } from "./scim-activity";
import type { ScimAttributes } from "./scim-attributes";
import { setScimDepartment } from "./scim-department";
import { ScimError, userNotFound } from "./scim-error";
import { findScimUser, type ScimUserRow } from "./scim-user-rows";
import { provisionWhitelistEntry, removeWhitelistEntry } from "./scim-whitelist";

const taken = (what: string) => new ScimError(409, `${what} is already provisioned.`, "uniqueness");

/**
 * POST /Users. A person who already has an account (they signed in by e-mail before) is taken
 * over by the provider; an admin account stays the operator's (409). The account and its
 * whitelist entry are written in one transaction; the department and `active` follow.
 */
export async function createScimUser(
  ctx: AppContext,
  input: ScimAttributes & { userName: string; email: string },
): Promise<ScimUserRow> {
  const now = ctx.clock.now();
  const id = await writeOrConflict(() =>
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
      const fields = {
        scimManaged: true,
        scimUserName: input.userName,
        scimExternalId: input.externalId ?? null,
        firstName: input.firstName ?? existing?.firstName ?? null,
        lastName: input.lastName ?? existing?.lastName ?? null,
        updatedAt: now,
      };
      const [row] = existing
        ? await tx.update(users).set(fields).where(eq(users.id, existing.id)).returning()
        : await tx
            .insert(users)
            .values({
              ...fields,
              email: input.email,
              isEmailVerified: true,
              isValidated: true,
              validatedAt: now,
              needsProfileSetup: true,
              authMethod: "scim",
              createdAt: now,
            })
            .returning();
      await provisionWhitelistEntry(tx, input.email, now);
      return row.id;
    }),
  );
  return settle(ctx, id, input);
}

/** PUT and PATCH /Users/:id: the given attributes change; absent ones stay. */
export async function updateScimUser(
  ctx: AppContext,
  id: string,
  input: ScimAttributes,
): Promise<ScimUserRow> {
  const now = ctx.clock.now();
  await writeOrConflict(() =>
    ctx.db.transaction(async (tx) => {
      const user = await lockScimUser(tx, id);
      if (input.userName !== undefined) await checkUserNameFree(tx, input.userName, id);
      const email = input.email ?? user.email;
      if (email !== user.email) {
        const other = await findUserByEmail(tx, email);
        if (other) throw taken(`The address ${email}`);
        await removeWhitelistEntry(tx, user.email);
        await provisionWhitelistEntry(tx, email, now);
      }
      await tx
        .update(users)
        .set({
          email,
          scimUserName: input.userName,
          scimExternalId: input.externalId,
          firstName: input.firstName,
          lastName: input.lastName,
          updatedAt: now,
        })
        .where(eq(users.id, id));
    }),
  );
  return settle(ctx, id, input);
}

/**
 * DELETE /Users/:id: deactivated as by the admin, then no longer the provider's: the SCIM
 * whitelist entry goes and later requests for the id answer 404. The account and its history stay.
 */
export async function deleteScimUser(ctx: AppContext, id: string): Promise<void> {
  const user = await findScimUser(ctx.db, id);
  if (!user) throw userNotFound(id);
  await deprovisionUser(ctx, id);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        scimManaged: false,
        scimUserName: null,
        scimExternalId: null,
        updatedAt: ctx.clock.now(),
      })
      .where(eq(users.id, id));
    await removeWhitelistEntry(tx, user.email);
  });
  await recordScimChange(ctx);
}

/** The department and active state after the account's own fields, then the answer. */
async function settle(ctx: AppContext, id: string, input: ScimAttributes): Promise<ScimUserRow> {
  const current = await findScimUser(ctx.db, id);
  if (!current) throw userNotFound(id);
  if (input.department !== undefined) await setScimDepartment(ctx, current, input.department);
  if (input.active === false && current.isActive) await deprovisionUser(ctx, id);
  if (input.active === true && !current.isActive) await reprovisionUser(ctx, id);
  await recordScimChange(ctx);
  const saved = await findScimUser(ctx.db, id);
  if (!saved) throw userNotFound(id);
  return saved;
}

async function lockScimUser(tx: Tx, id: string): Promise<UserRow> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw userNotFound(id);
  const [user] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.scimManaged, true)))
    .for("update");
  if (!user) throw userNotFound(id);
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
