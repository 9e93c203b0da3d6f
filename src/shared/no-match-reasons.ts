import { exclusionReasons } from "./exclusions";

/**
 * Why someone in the user list has no current match (docs/admin-console.md, "Users"): the engine
 * left them out of a running pairing, else the one reason they are not ready to pair today (the
 * eligibility box's, src/shared/exclusions.ts), else they are ready and were not paired yet (they
 * joined after the pairings were made, wait for a new partner, or no pairing runs for them).
 */
export const noMatchReasons = ["sat_out", ...exclusionReasons, "not_paired_yet"] as const;
export type NoMatchReason = (typeof noMatchReasons)[number];

/** The words after "No current match:" in a row of the user list. */
export const noMatchLabels: Record<NoMatchReason, string> = {
  sat_out: "sat out",
  opted_out: "opted out",
  paused: "paused",
  removed: "not on the whitelist",
  deactivated: "deactivated or left the company",
  incomplete_profile: "profile not set up",
  not_answering: "asked if still in, no answer yet",
  on_leave: "on leave",
  not_paired_yet: "ready, not paired yet",
};
