import { z } from "zod";
import { sessionUserSchema } from "./auth";
import { matchingPreferences } from "./enums";
import { preferredMatchSizeSchema } from "./match-size";
import { singleLine } from "./required-text";

/** The three matching preferences with the labels the forms show. */
export const matchingPreferenceLabels = {
  "same-department": "Match me with people in my department",
  "cross-department": "Match me ONLY with people from other departments",
  any: "Anyone (mix it up!)",
} as const;

export const NAME_MAX = 80;
export const BIO_MAX = 500;

/** Profile photos are served from here under a server-made name. */
export const PROFILE_IMAGE_URL_PATTERN = /^\/uploads\/[a-f0-9]{32}\.webp$/;

export const CHOOSE_DEPARTMENT_FROM_LIST = "Please choose a department from the list.";
export const PROFILE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** The multipart form field the profile photo is uploaded in. */
export const PROFILE_PHOTO_FIELD = "profileImage";

const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(NAME_MAX, { error: `${label} must be at most ${NAME_MAX} characters` })
    .refine(...singleLine(label));

/**
 * The profile form (first-time setup and later edits), shared by the server routes and the
 * client forms. The setup form's agreement checkbox is the client's alone and is never sent.
 */
export const profileSchema = z.object({
  firstName: name("First name"),
  lastName: name("Last name"),
  department: z
    .string({ error: "Department is required" })
    .trim()
    .min(1, { error: "Department is required" })
    .max(200, { error: CHOOSE_DEPARTMENT_FROM_LIST })
    .refine(...singleLine("Department")),
  matchingPreference: z.enum(matchingPreferences, {
    error: "Please choose one of the matching preferences",
  }),
  /** How many people the person would like to meet at once; unchanged when not sent. */
  preferredGroupSize: preferredMatchSizeSchema.optional(),
  bio: z
    .string({ error: "Bio must be text" })
    .trim()
    .max(BIO_MAX, { error: `Bio must be at most ${BIO_MAX} characters` })
    .nullish(),
  profileImageUrl: z
    .string({ error: "Please upload your photo with the photo button" })
    .trim()
    .refine((value) => value === "" || PROFILE_IMAGE_URL_PATTERN.test(value), {
      error: "Please upload your photo with the photo button",
    })
    .nullish(),
});
export type ProfileInput = z.infer<typeof profileSchema>;
/** What the forms hold before validation. */
export type ProfileFormValues = z.input<typeof profileSchema>;

/** The pause reason "Skip Next Month" stores (docs/check-ins.md, "Skip next month"). */
export const SKIP_NEXT_ROUND = "skip_next_round";

const participationMessage = "Please choose a valid participation option.";
const isoDate = z
  .string({ error: participationMessage })
  .regex(/^\d{4}-\d{2}-\d{2}/, { error: participationMessage });

/**
 * PUT /api/participation. The server decides every date: a client names the action
 * (`{action: "pause", months: 1 | 3}`, `{action: "pause_until", until: "YYYY-MM-DD"}` (tomorrow
 * up to a year ahead), `{action: "skip_next"}` (a pause until the round after next,
 * docs/check-ins.md), `{action: "opt_out"}`, `{action: "reactivate"}`), or sends
 * the state shape of docs/profile.md, whose pause must last one or three months from its start.
 */
export const participationRequestSchema = z.union(
  [
    z.object({ action: z.literal("pause"), months: z.union([z.literal(1), z.literal(3)]) }),
    z.object({ action: z.literal("skip_next") }),
    z.object({
      action: z.literal("pause_until"),
      until: z
        .string({ error: "Choose the date your pause ends." })
        .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Choose the date your pause ends." }),
    }),
    z.object({ action: z.literal("opt_out") }),
    z.object({ action: z.literal("reactivate") }),
    z.object({
      participationStatus: z.enum(["active", "paused", "opted_out"]),
      pauseStartDate: isoDate.nullish(),
      pauseEndDate: isoDate.nullish(),
      pauseReason: z
        .string()
        .max(200)
        .refine(...singleLine("Pause reason"))
        .nullish(),
    }),
  ],
  { error: participationMessage },
);
export type ParticipationRequest = z.infer<typeof participationRequestSchema>;

export const PARTICIPATION_UPDATED = "Participation status updated successfully!";

/** PUT /api/participation */
export const participationUpdatedSchema = z.object({
  message: z.string(),
  user: sessionUserSchema,
});

/** POST /api/upload-profile-image (multipart, field `profileImage`) */
export const profileImageUploadedSchema = z.object({ imageUrl: z.string() });
