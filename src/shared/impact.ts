import { z } from "zod";

/**
 * What a risky directory change would touch, read before the admin confirms it
 * (docs/admin-console.md, "Impact before risk"). Counts only; nothing changes.
 */
export const entryImpactSchema = z.object({
  /** People this entry admits whom no other active entry admits: they would lose access. */
  people: z.number().int(),
  /** How many of them are in a match of a running pairing. */
  inActiveMatch: z.number().int(),
});
export type EntryImpact = z.infer<typeof entryImpactSchema>;

export const groupImpactSchema = z.object({
  /** People whose whitelist entry belongs to the group. */
  people: z.number().int(),
  entries: z.number().int(),
  departments: z.number().int(),
});
export type GroupImpact = z.infer<typeof groupImpactSchema>;

export const departmentImpactSchema = z.object({
  /** People of the group in the department: they would move to Other. */
  people: z.number().int(),
});
export type DepartmentImpact = z.infer<typeof departmentImpactSchema>;

/**
 * GET /api/admin/pairings/{id}/impact: who deleting a running pairing touches, and what
 * completing it now would count and keep (docs/pairings.md, "Completing and the pairing files").
 */
export const pairingImpactSchema = z.object({
  matches: z.number().int(),
  /** Everyone in its matches: they lose the month's match. */
  people: z.number().int(),
  /** Whether they were told of these matches by e-mail (a newsletter or the round's announcement). */
  told: z.boolean(),
  /**
   * Its matches that completing would count as chats that happened though nobody in them answered
   * "Met My Match" (not everyone answered "Missed This Month"): docs/matches.md, "When a chat
   * happened".
   */
  unanswered: z.number().int(),
  /** Its matches with a booked chat still to come: completing keeps the booking. */
  bookedAhead: z.number().int(),
});
export type PairingImpact = z.infer<typeof pairingImpactSchema>;

/**
 * GET /api/admin/departments-by-id/{departmentId}/impact: who a rename, merge or removal of the
 * department touches, in its own list (a group's, or the company-wide one).
 */
export const departmentChangeImpactSchema = z.object({
  /** Signed-up people in the department. */
  people: z.number().int(),
  /** Whitelisted people not signed up yet whose profile will be pre-filled with it. */
  profiles: z.number().int(),
  /** Of `people`, those who chose to meet only their own department. */
  sameDepartmentPreference: z.number().int(),
  /** The list's default department, where a removal moves them. */
  fallback: z.string(),
});
export type DepartmentChangeImpact = z.infer<typeof departmentChangeImpactSchema>;
