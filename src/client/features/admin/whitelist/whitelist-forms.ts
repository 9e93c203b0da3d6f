import { type AllowedEmail, addAllowedEmailSchema, WHITELIST_EMAIL_SHAPE } from "@shared/whitelist";
import { z } from "zod";
import { domainOf } from "./whitelist-queries";

/** Add Email: the server's schema for the address and reason; the group as the select holds it. */
export const addEmailFormSchema = addAllowedEmailSchema
  .pick({ email: true, reason: true })
  .extend({ domainGroupId: z.string() });
export type AddEmailFormValues = z.input<typeof addEmailFormSchema>;

/** Manage group's one field: the address or `*@domain` to put in the group. */
export const groupEmailFormSchema = addAllowedEmailSchema.pick({ email: true });
export type GroupEmailFormValues = z.input<typeof groupEmailFormSchema>;

/** How the whitelist forms read a typed address: trimmed and lower-cased, as the server keeps it. */
export const emailFieldOptions = {
  setValueAs: (value: unknown) =>
    String(value ?? "")
      .trim()
      .toLowerCase(),
};

/** The group select's value for "No group" chosen on purpose; "" leaves the group to the domain. */
export const NO_GROUP = "none";

/**
 * The request's group for the select's value: none sent (undefined) lets the server give the
 * address its domain's group, as Add Many People does (docs/admin-console.md); null is no group.
 */
export function chosenGroup(value: string): number | null | undefined {
  if (value === "") return undefined;
  if (value === NO_GROUP) return null;
  return Number(value);
}

/**
 * The default choice's words, "Its domain's group (Acme Corp)": the group the typed address gets
 * from its domain's `*@domain` entry; "(none)" when that gives none, and for a `*@domain` entry.
 * `entries` is the whitelist, undefined while it loads.
 */
export function domainGroupChoice(typed: string, entries?: readonly AllowedEmail[]): string {
  const label = "Its domain's group";
  const email = typed.trim().toLowerCase();
  // Until the whitelist has loaded, the group is not known: no "(none)" that may be wrong.
  if (!entries || !WHITELIST_EMAIL_SHAPE.test(email)) return label;
  if (email.startsWith("*@")) return `${label} (none)`;
  const domainEntry = entries.find((e) => e.email === `*@${domainOf(email)}`);
  return `${label} (${domainEntry?.domainGroup?.displayName ?? "none"})`;
}

/** The request that adds one entry (the domain is derived again by the server). */
export function newEntry(email: string, reason: string, domainGroupId: number | null | undefined) {
  return { email, domain: domainOf(email), reason, domainGroupId };
}
