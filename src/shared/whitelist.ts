import { z } from "zod";
import { MAX_ID } from "./ids";
import { requiredText, singleLine } from "./required-text";

/** API contract of the Email Whitelist and Domain Groups tab. */

/** The form's pattern: an address or `*@domain` (the server normalises and checks strictly). */
export const WHITELIST_EMAIL_SHAPE = /^(\*|[^\s@]+)@[^\s@]+\.[^\s@]+$/;
export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
export const DEFAULT_GROUP_COLOR = "#3B82F6";

const groupId = z
  .number({ error: "Please choose a valid group" })
  .int({ error: "Please choose a valid group" })
  .positive({ error: "Please choose a valid group" })
  .max(MAX_ID, { error: "Please choose a valid group" })
  .nullable();

const INVALID_EMAIL = "Please enter a valid email address";

/** An address or `*@domain`: all the form checks; the server then normalises and checks strictly. */
export const whitelistEmailSchema = requiredText(
  "Email is required",
  320,
  INVALID_EMAIL,
  "Email",
).regex(WHITELIST_EMAIL_SHAPE, { error: INVALID_EMAIL });

export const addAllowedEmailSchema = z.object({
  email: whitelistEmailSchema,
  /** Derived by the form; the server derives it again from the e-mail and ignores this. */
  domain: z.string().max(320).optional(),
  reason: z
    .string()
    .trim()
    .max(500, { error: "Reason is too long" })
    .refine(...singleLine("Reason"))
    .nullish(),
  domainGroupId: groupId.optional(),
});
export type AddAllowedEmail = z.infer<typeof addAllowedEmailSchema>;

export const updateAllowedEmailSchema = z.object({ domainGroupId: groupId });

export const createDomainGroupSchema = z.object({
  name: requiredText("Name and display name are required", 100, "Name is too long", "Name"),
  displayName: requiredText(
    "Name and display name are required",
    100,
    "Display name is too long",
    "Display name",
  ),
  description: z.string().trim().max(500, { error: "Description is too long" }).nullish(),
  color: z
    .string()
    .regex(HEX_COLOR, { error: "Colour must be a hex value like #3B82F6" })
    .default(DEFAULT_GROUP_COLOR),
});
export type CreateDomainGroup = z.infer<typeof createDomainGroupSchema>;

export const domainGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  displayName: z.string(),
  description: z.string().nullable(),
  color: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type DomainGroup = z.infer<typeof domainGroupSchema>;

export const allowedEmailSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  domain: z.string(),
  reason: z.string().nullable(),
  domainGroupId: z.number().int().nullable(),
  domainGroup: domainGroupSchema
    .pick({ id: true, name: true, displayName: true, color: true })
    .nullable(),
  addedBy: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AllowedEmail = z.infer<typeof allowedEmailSchema>;

/** DELETE /api/admin/allowed-emails/{id}: who lost access with the entry. */
export const allowedEmailRemovedSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  accessLost: z.object({
    /** People the entry admitted who no longer match any active entry. */
    people: z.number().int(),
    /** How many of them are in a match of an active pairing. */
    inActiveMatch: z.number().int(),
  }),
});
