import type { AddAllowedEmail } from "../../../shared/whitelist";
import { parseWhitelistPattern } from "../../auth/email-address";
import type { SignedInUser } from "../../auth/session-store";
import type { AppContext } from "../../context";
import { allowedEmails } from "../../db/schema";
import { Conflict, Validation } from "../../errors";
import { groupByItsDomain, readDomainGroups } from "./domain-group";
import { findGroupOrNull } from "./find-group";
import { presentAllowedEmail } from "./present";

/**
 * Adds an address or `*@domain`; the domain is derived here, whatever the form sent. The group is
 * the one chosen (null: no group, on purpose), else the one its domain gives (domain-group.ts).
 */
export async function addAllowedEmail(
  ctx: AppContext,
  admin: SignedInUser,
  input: AddAllowedEmail,
) {
  const pattern = parseWhitelistPattern(input.email);
  if (!pattern) throw new Validation("Please enter a valid email address", "email");
  const groupId =
    input.domainGroupId !== undefined
      ? input.domainGroupId
      : groupByItsDomain(pattern, await readDomainGroups(ctx.db, [pattern.domain]));
  const group = await findGroupOrNull(ctx.db, groupId);
  const now = ctx.clock.now();
  const [entry] = await ctx.db
    .insert(allowedEmails)
    .values({
      email: pattern.email,
      domain: pattern.domain,
      reason: input.reason?.trim() || null,
      domainGroupId: group?.id ?? null,
      addedBy: admin.id,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!entry)
    throw new Conflict(`${pattern.email} is already on the whitelist.`, "duplicate_email");
  return presentAllowedEmail(entry, group);
}
