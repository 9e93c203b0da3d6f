import { z } from "zod";

/** Which calendar service is connected (docs/scheduling.md, "Connecting a calendar"). */
export const calendarStatusSchema = z.object({
  /** "CalDAV", "Microsoft 365", "Google Workspace", or null: working hours alone count. */
  provider: z.string().nullable(),
  /** The settings that connect it, by name (never their values). */
  settings: z.array(z.string()),
  /** Calendar requests may reach private addresses (CALENDAR_ALLOW_PRIVATE). */
  allowPrivate: z.boolean(),
});

/** The answer of "Test connection": the admin's own busy times read, or why not. */
export const calendarTestSchema = z.object({
  connected: z.boolean(),
  message: z.string(),
});

export type CalendarStatus = z.infer<typeof calendarStatusSchema>;
