import { addAllowedEmailSchema } from "@shared/whitelist";
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

/** The request that adds one entry (the domain is derived again by the server). */
export function newEntry(email: string, reason: string, domainGroupId: number | null) {
  return { email, domain: domainOf(email), reason, domainGroupId };
}
