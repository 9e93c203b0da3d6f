import { z } from "zod";
import { singleLine } from "./required-text";

/**
 * GET/PUT /api/admin/company: the company's own settings (docs/admin-console.md, "Getting
 * started"). `showPublicFigures` is off until an admin turns it on: the public landing page then
 * shows the company's live counts to anyone.
 */
export const companySettingsSchema = z.object({
  name: z
    .string()
    .trim()
    .max(100, { error: "The company name must be 100 characters or less." })
    .refine(...singleLine("Company name")),
  showPublicFigures: z.boolean(),
  /**
   * Where the public pages' "Contact" link leads (a mailbox of the company's, e.g. HR); empty:
   * no contact link is shown. Optional in a request, always in an answer.
   */
  contactEmail: z
    .string()
    .trim()
    .max(254, { error: "The contact address must be 254 characters or less." })
    .refine((value) => value === "" || z.email().safeParse(value).success, {
      error: "Please enter a valid e-mail address for contact, or leave it empty.",
    })
    .optional(),
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;

/**
 * GET /api/public/company: what the public pages of a company's own install show: its name (empty
 * until an admin sets it) and its contact address (empty: no contact link).
 */
export const publicCompanySchema = z.object({ name: z.string(), contactEmail: z.string() });
export type PublicCompany = z.infer<typeof publicCompanySchema>;

/** GET /api/company-inquiry: whether this install takes company inquiries at all. */
export const inquiriesOpenSchema = z.object({ open: z.boolean() });
export type InquiriesOpen = z.infer<typeof inquiriesOpenSchema>;

/** The getting-started checklist's steps, in order (docs/admin-console.md, "Getting started"). */
export const gettingStartedSteps = [
  "company",
  "domains",
  "departments",
  "schedule",
  "newsletter",
  "invite",
] as const;
export type GettingStartedStep = (typeof gettingStartedSteps)[number];

/** GET /api/admin/getting-started: which steps are done; `done` once every required one is. */
export const gettingStartedSchema = z.object({
  steps: z.record(z.enum(gettingStartedSteps), z.boolean()),
  /** Addresses and domains on the whitelist: whom the invitation reaches. */
  whitelistEntries: z.number().int(),
  /** The address employees open to sign in (APP_URL/auth). */
  signInUrl: z.string(),
  /**
   * People the launch invitation would e-mail now: who has not signed up (a single whitelisted
   * address with no account, an account provisioned by SCIM whose profile is not finished), less
   * whoever was invited already or asked for no more invitations.
   */
  launchRecipients: z.number().int(),
  /** The launch invitation once sent: `sending` while an e-mail of it waits (its progress: GET /api/admin/getting-started/launch). */
  launch: z.object({ status: z.enum(["sending", "sent"]) }).nullable(),
  /** The admin put the list away (POST /api/admin/getting-started/dismiss). */
  dismissed: z.boolean(),
  /** Every step done (the optional newsletter too), or the list dismissed: it is not shown. */
  done: z.boolean(),
});
export type GettingStarted = z.infer<typeof gettingStartedSchema>;

/** POST /api/admin/getting-started/launch → 202 */
export const launchQueuedSchema = z.object({
  total: z.number().int(),
  message: z.string(),
});
export type LaunchQueued = z.infer<typeof launchQueuedSchema>;
