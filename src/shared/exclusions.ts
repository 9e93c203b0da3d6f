import { z } from "zod";

/**
 * Why someone in a pairing's scope is not paired this month. Each person has one reason, checked
 * in this order, so opted out and paused match the status counts and the rest add up to inactive.
 */
export const exclusionReasons = [
  "opted_out",
  "paused",
  "removed",
  "deactivated",
  "incomplete_profile",
  "not_answering",
  "on_leave",
] as const;
export type ExclusionReason = (typeof exclusionReasons)[number];

export const exclusionLabels: Record<ExclusionReason, { label: string; why: string }> = {
  opted_out: { label: "Opted out", why: "chose not to take part until they reactivate" },
  paused: { label: "Paused", why: "paused their participation for now" },
  removed: { label: "Removed from the whitelist", why: "can no longer sign in" },
  deactivated: { label: "Deactivated", why: "account deactivated or no longer employed" },
  incomplete_profile: {
    label: "Profile not set up",
    why: "have not verified their e-mail or finished the setup form",
  },
  not_answering: {
    label: "Asked if still in",
    why: "answered no check-in for three rounds in a row and have not yet said whether they want to stay in",
  },
  on_leave: { label: "On leave", why: "on leave today" },
};

export const exclusionCountsSchema = z.record(z.enum(exclusionReasons), z.number().int());
export type ExclusionCounts = z.infer<typeof exclusionCountsSchema>;

/** At most this many names come back; the count says how many there are in all. */
export const EXCLUDED_LIST_LIMIT = 500;

export const excludedPersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  department: z.string().nullable(),
});
export type ExcludedPerson = z.infer<typeof excludedPersonSchema>;

/** GET /api/admin/pairing-validation/excluded */
export const excludedListResponseSchema = z.object({
  reason: z.enum(exclusionReasons),
  total: z.number().int(),
  people: z.array(excludedPersonSchema),
});
export type ExcludedListResponse = z.infer<typeof excludedListResponseSchema>;
