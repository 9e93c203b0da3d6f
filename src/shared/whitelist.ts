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

export type DomainGroup = {
  id: number;
  name: string;
  displayName: string;
  description: string | null;
  color: string;
  isActive: boolean;
  createdAt: string;
};

export type AllowedEmail = {
  id: number;
  email: string;
  domain: string;
  reason: string | null;
  domainGroupId: number | null;
  domainGroup: Pick<DomainGroup, "id" | "name" | "displayName" | "color"> | null;
  addedBy: string | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
};
