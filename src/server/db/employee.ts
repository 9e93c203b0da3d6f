import { sql } from "drizzle-orm";
import { allowedEmails, users } from "./schema";

/**
 * An employee: a person whose account is not erased, and not an admin who never made a profile
 * (a new installation's first admin signs in with a password and takes no part, even when their
 * address matches the whitelist). Every count of people and every list of them uses this one
 * definition (docs/admin-console.md, "The figures"): the figures, User Management and the
 * pairing eligibility.
 */
export const isEmployeeSql = sql<boolean>`(${users.erasedAt} is null
  and not (${users.isAdmin} and ${users.needsProfileSetup}))`;

/**
 * A person invited and not joined: an active whitelist entry for one address (not a whole
 * domain) with no account yet. The invitations list and the participation figures count them.
 */
export const invitedNotJoinedSql = sql<boolean>`(${allowedEmails.isActive}
  and ${allowedEmails.email} not like '*@%'
  and not exists (select 1 from ${users} u where lower(u.email) = ${allowedEmails.email}))`;

/**
 * An account made for someone who has not signed up: provisioned by the identity provider (SCIM,
 * docs/provisioning.md) and its sign-up (the profile) not finished. Every other account is someone
 * who signed up (or an admin): no invitation reaches them (docs/admin-console.md, "Getting
 * started").
 */
export const provisionedNotJoinedSql = sql<boolean>`(${users.authMethod} = 'scim'
  and ${users.needsProfileSetup})`;
