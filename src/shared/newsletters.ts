import { z } from "zod";
import { controlCharacterMessage, hasControlCharacter, singleLineMessage } from "./clean-text";
import { type NewsletterStatus, newsletterStatuses, type SendStatus } from "./enums";
import { idParamsSchema } from "./ids";
import {
  BRAIN_BUZZER_LETTERS,
  BRAIN_BUZZER_MAX_CHOICES,
  BRAIN_BUZZER_MIN_CHOICES,
  ENTER_PREVIEW_RECIPIENT,
  emailField,
  LIST_ITEM_MAX,
  LIST_MAX,
  NO_NEWSLETTER_REASONS,
  SELECT_PAIRING_FIRST,
  SHORT_TEXT_MAX,
  SUBJECT_MAX,
  TEXT_MAX,
  TITLE_MAX,
  URL_MAX,
} from "./newsletter-texts";

/**
 * API contract of the monthly newsletter: lifecycle, validation, previews, sending and the e-mail
 * send logs (docs/newsletters.md). Lists travel as JSON text (e.g. `proTips: "[\"…\"]"`), as the
 * editor stores them; the update schema also accepts real arrays.
 */

export { newsletterStatuses, type NewsletterStatus, type SendStatus };
export * from "./email-logs";
export * from "./newsletter-texts";
export * from "./unsubscribe";

export const newsletterIdParamsSchema = idParamsSchema;

// ---------------------------------------------------------------------------------------------
// Field rules
// ---------------------------------------------------------------------------------------------

/** Optional text: trimmed, bounded; blank or null becomes null. */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine((value) => !hasControlCharacter(value, { lineBreaks: true }), {
      error: controlCharacterMessage(label),
    })
    .nullish()
    .transform((value) => (value === undefined ? undefined : value ? value : null));

const SAFE_PATH = /^\/(?!\/)[^\s\\]*$/;

const IMAGE_FILE = /\.(png|jpe?g|gif|webp)$/i;

/**
 * An image address for an e-mail: `https://…` or `http://…` naming an image file, or a path on
 * this site such as `/admin-images/x.png` (made absolute on APP_URL when the e-mail is built).
 * Never `javascript:` or `data:`.
 */
export function isEmailImageUrl(value: string): boolean {
  if (hasControlCharacter(value)) return false;
  if (SAFE_PATH.test(value)) return true;
  try {
    const url = new URL(value);
    // An image file, not a page: an album or photo page's address shows a broken image in mail.
    return (
      (url.protocol === "https:" || url.protocol === "http:") &&
      url.hostname !== "" &&
      IMAGE_FILE.test(url.pathname)
    );
  } catch {
    return false;
  }
}

const imageUrl = (label: string) =>
  optionalText(label, URL_MAX).refine((value) => value == null || isEmailImageUrl(value), {
    error: `${label} must be an http:// or https:// address of an image file (.jpg, .png, .gif or .webp), not of a page or an album`,
  });

/** A list carried as JSON text (or given as an array): each item trimmed, blanks dropped, bounded. */
const jsonTextList = (label: string, maxItems: number) =>
  z
    .preprocess(
      (value) => {
        if (value === null || value === "") return [];
        if (typeof value !== "string") return value;
        try {
          return JSON.parse(value);
        } catch {
          return value;
        }
      },
      z
        .array(
          z
            .string({ error: `Each of the ${label} must be text` })
            .trim()
            .max(LIST_ITEM_MAX, {
              error: `Each of the ${label} must be at most ${LIST_ITEM_MAX} characters`,
            })
            .refine((item) => !hasControlCharacter(item), {
              error: `Each of the ${label} must be a single line without control characters (such as NUL or a line break).`,
            }),
          { error: `${label} must be a list of texts` },
        )
        .transform((items) => items.filter((item) => item.length > 0))
        .refine((items) => items.length <= maxItems, {
          error: `There can be at most ${maxItems} ${label}`,
        })
        .optional(),
    )
    .optional();

/** One line of a header: no line breaks, so a subject can never add a header of its own. */
const headerLine = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine((value) => !/[\r\n]/.test(value), { error: `${label} must be one line` })
    .refine((value) => !hasControlCharacter(value), { error: singleLineMessage(label) });

/**
 * PUT /api/admin/newsletters/{id}: the editor's whole newsletter. A field left out keeps its
 * stored value; null or "" clears it. id, month, year, status and the dates are the server's and
 * are ignored when sent.
 */
export const newsletterUpdateSchema = z
  .object({
    title: headerLine("Title", TITLE_MAX).optional(),
    subject: headerLine("Subject", SUBJECT_MAX).optional(),
    description: optionalText("Description", TEXT_MAX),
    moodDescription: optionalText("Mood description", TEXT_MAX),
    moodImageUrl: imageUrl("Mood image URL"),
    newsletterImageUrl: imageUrl("Newsletter image URL"),
    quoteText: optionalText("Quote", TEXT_MAX),
    quoteAuthor: optionalText("Quote author", SHORT_TEXT_MAX),
    brainBuzzerQuestion: optionalText("Brain Buzzer question", TEXT_MAX),
    brainBuzzerChoices: jsonTextList("Brain Buzzer choices", BRAIN_BUZZER_MAX_CHOICES),
    brainBuzzerCorrectAnswer: z
      .string({ error: "Correct answer must be A, B, C or D" })
      .trim()
      .toUpperCase()
      .nullish()
      .transform((value) => (value === undefined ? undefined : value ? value : null))
      .refine(
        (value) => value == null || (BRAIN_BUZZER_LETTERS as readonly string[]).includes(value),
        {
          error: "Correct answer must be A, B, C or D",
        },
      ),
    coffeeChatsParagraph: optionalText("Coffee chats paragraph", TEXT_MAX),
    coffeeChatStarters: jsonTextList("conversation starters", LIST_MAX),
    proTips: jsonTextList("pro tips", LIST_MAX),
    pairingFile: optionalText("Pairing file", SHORT_TEXT_MAX),
    matchPlaceholder: optionalText("Match placeholder", TEXT_MAX),
    closingMessage: optionalText("Closing message", TEXT_MAX),
    adminNotes: optionalText("Admin notes", TEXT_MAX),
  })
  .superRefine((value, ctx) => {
    const choices = value.brainBuzzerChoices;
    if (choices === undefined) return;
    const { brainBuzzerQuestion: question, brainBuzzerCorrectAnswer: answer } = value;
    checkBrainBuzzer(question, choices, answer, (message, path) =>
      ctx.addIssue({ code: "custom", message, path: [path] }),
    );
  });
export type NewsletterUpdate = z.infer<typeof newsletterUpdateSchema>;
/** What the editor's form holds before validation. */
export type NewsletterUpdateInput = z.input<typeof newsletterUpdateSchema>;

/**
 * The Brain Buzzer's rules, also applied by the server to the stored values after a partial
 * update: no question means no choices; a question has 2–4 choices and an answer among them.
 */
export function checkBrainBuzzer(
  question: string | null | undefined,
  choices: readonly string[],
  answer: string | null | undefined,
  report: (message: string, field: string) => void,
): void {
  if (!question) {
    if (choices.length > 0)
      report("Please write the Brain Buzzer question for these choices", "brainBuzzerQuestion");
    return;
  }
  if (choices.length < BRAIN_BUZZER_MIN_CHOICES || choices.length > BRAIN_BUZZER_MAX_CHOICES) {
    report(
      `The Brain Buzzer needs ${BRAIN_BUZZER_MIN_CHOICES} to ${BRAIN_BUZZER_MAX_CHOICES} choices`,
      "brainBuzzerChoices",
    );
    return;
  }
  const letters = BRAIN_BUZZER_LETTERS.slice(0, choices.length);
  if (!answer) {
    report("Please choose the Brain Buzzer's correct answer", "brainBuzzerCorrectAnswer");
  } else if (!(letters as readonly string[]).includes(answer)) {
    report(
      `The correct answer must be one of the choices (${letters.join(", ")})`,
      "brainBuzzerCorrectAnswer",
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

export const validationLevels = ["valid", "warning", "error"] as const;
export type ValidationLevel = (typeof validationLevels)[number];

export const validationDetailsSchema = z.object({
  /** Everyone the newsletter goes to: the pairing's members plus whoever sat out. */
  totalUsers: z.number().int(),
  usersWithMatches: z.number().int(),
  usersWithoutMatches: z.number().int(),
  /** Matches with a member who no longer exists. */
  invalidMatches: z.number().int(),
  /** Percentage of totalUsers with a match, one decimal. */
  matchSuccessRate: z.number(),
  /** Problems that block a correct send (missing accounts, a match without a partner). */
  criticalErrors: z.array(z.string()),
  /** Warnings naming members who are deactivated, opted out or no longer whitelisted. */
  matchingErrors: z.array(z.string()),
});
export type ValidationDetails = z.infer<typeof validationDetailsSchema>;

/** POST /api/admin/newsletters/{id}/validate → */
export const validateResponseSchema = z.object({
  message: z.string(),
  validation: z.object({ validationLevel: z.enum(validationLevels), isValid: z.boolean() }),
  details: validationDetailsSchema,
});
export type ValidateResponse = z.infer<typeof validateResponseSchema>;

export const validateBodySchema = z.object({
  pairingFile: z
    .string({ error: SELECT_PAIRING_FIRST })
    .trim()
    .min(1, { error: SELECT_PAIRING_FIRST })
    .max(SHORT_TEXT_MAX, { error: SELECT_PAIRING_FIRST }),
});

/** The last validation of the linked pairing, kept on the newsletter until the pairing changes. */
export const storedValidationSchema = z.object({
  pairingFile: z.string(),
  validatedAt: z.string(),
  isValid: z.boolean(),
  validationLevel: z.enum(validationLevels),
  /** criticalErrors followed by matchingErrors. */
  errors: z.array(z.string()),
  summary: validationDetailsSchema.omit({ criticalErrors: true, matchingErrors: true }),
});
export type StoredValidation = z.infer<typeof storedValidationSchema>;

export const newsletterSchema = z.object({
  id: z.number().int(),
  month: z.number().int(),
  year: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  status: z.enum(newsletterStatuses),
  moodDescription: z.string().nullable(),
  moodImageUrl: z.string().nullable(),
  newsletterImageUrl: z.string().nullable(),
  quoteText: z.string().nullable(),
  quoteAuthor: z.string().nullable(),
  brainBuzzerQuestion: z.string().nullable(),
  /** JSON text list. */
  brainBuzzerChoices: z.string(),
  brainBuzzerCorrectAnswer: z.string().nullable(),
  coffeeChatsParagraph: z.string().nullable(),
  /** JSON text list. */
  coffeeChatStarters: z.string(),
  /** JSON text list; empty means the e-mail shows DEFAULT_PRO_TIPS. */
  proTips: z.string(),
  pairingFile: z.string().nullable(),
  /** "March 2027 – Acme" for the linked pairing, the month alone without groups; null when none or it is gone. */
  pairingDisplayName: z.string().nullable(),
  matchPlaceholder: z.string().nullable(),
  closingMessage: z.string().nullable(),
  subject: z.string(),
  adminNotes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  approvedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  /** Validation of the linked pairing; null when it was never validated or the pairing changed. */
  validationResult: storedValidationSchema.nullable(),
});
export type Newsletter = z.infer<typeof newsletterSchema>;

/** GET /api/admin/newsletters: every newsletter not yet sent, newest first. */
export const newsletterListSchema = z.array(newsletterSchema);

export const approveBodySchema = z
  .object({ adminNotes: optionalText("Admin notes", TEXT_MAX) })
  .nullish();

/** GET /api/admin/newsletter-files: what `pairingFile` may name. */
export const newsletterFileSchema = z.object({
  fileName: z.string(),
  displayName: z.string(),
  /** active: the month's current pairing (what employees see now); completed: a saved record. */
  status: z.enum(["active", "completed"]),
  totalPairs: z.number().int(),
  /**
   * A completed record of a pairing that still exists: the name a newsletter linked while it ran
   * keeps (`current-pairing-{id}`), so the editor lists that pairing once. Null otherwise.
   */
  runningFileName: z.string().nullable(),
});
export type NewsletterFile = z.infer<typeof newsletterFileSchema>;
export const newsletterFilesSchema = z.array(newsletterFileSchema);

/** `current-pairing-{id}`: how an active pairing is named where a file name is expected. */
export const ACTIVE_PAIRING_FILE_PREFIX = "current-pairing-";

export const previewEmailBodySchema = z.object({
  recipientEmail: emailField(ENTER_PREVIEW_RECIPIENT),
});

export const matchInfoSchema = z.object({
  found: z.boolean(),
  /** The first partner (a trio's second partner is in `partners`). */
  partner: z.object({ name: z.string(), team: z.string().nullable() }).nullable(),
  partners: z.array(z.object({ name: z.string(), team: z.string().nullable() })),
  /** Why the send would not e-mail this person; null when it would. */
  noNewsletter: z.enum(NO_NEWSLETTER_REASONS).nullable(),
});

export const previewEmailResponseSchema = z.object({
  recipientEmail: z.string(),
  subject: z.string(),
  personalizedHtml: z.string(),
  matchInfo: matchInfoSchema,
});
export type PreviewEmailResponse = z.infer<typeof previewEmailResponseSchema>;

export const sendTestBodySchema = z.object({
  testEmail: emailField("Please enter an email address for the test"),
  /** Whose e-mail to send (their match); the test address's own when left out. */
  previewAs: emailField("Please enter whose e-mail to preview").optional(),
});
export type SendTestBody = z.infer<typeof sendTestBodySchema>;

/** POST /api/admin/newsletters/generate: the month to prepare ("2026-12"); the first free of this month and the next when left out. */
export const generateNewsletterBodySchema = z
  .object({
    month: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: "Choose a month as YYYY-MM." })
      .optional(),
  })
  .nullish();
export const sendTestResponseSchema = z.object({
  testEmail: z.string(),
  matchFound: z.boolean(),
  message: z.string(),
});
export type SendTestResponse = z.infer<typeof sendTestResponseSchema>;

/** POST /api/admin/newsletters/{id}/send → 202. */
export const sendStartedSchema = z.object({
  status: z.literal("sending"),
  total: z.number().int(),
  message: z.string(),
});
export type SendStarted = z.infer<typeof sendStartedSchema>;

/** GET /api/admin/newsletters/{id}/send-status → the progress bar. */
export const sendStatusSchema = z.object({
  status: z.enum(newsletterStatuses),
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
  /** ISO time of the first failure of a mail-server outage the send is waiting out; else null. */
  waitingSince: z.string().nullable(),
});
export type SendStatusResponse = z.infer<typeof sendStatusSchema>;
