import type { NextPairingResponse } from "@shared/matches";

/**
 * What the dashboard's Next Pairing card says under the date, true to whether the member is in
 * that pairing (docs/matches.md, "Next pairing"): the date is the first pairing they are in.
 */
export function nextPairingNote(next: NextPairingResponse): string {
  if (next.date === null) {
    if (next.away === "opted_out") {
      return "You've opted out, so you won't be paired until you reactivate on your profile.";
    }
    if (next.away === "on_leave")
      return "You're on leave, so you won't be paired until you're back.";
    if (next.away === "asked_if_still_in") {
      return "We asked if you're still up for coffee chats, so you won't be paired until you answer our e-mail.";
    }
    return "You're paused, so you won't be paired until you reactivate on your profile.";
  }
  if (next.away === "skipping") {
    return "You're skipping the next pairing; your new match arrives by e-mail on this day.";
  }
  if (next.away === "paused") {
    return "Your first pairing after your pause; your new match arrives by e-mail that day.";
  }
  if (next.away === "on_leave") {
    return "Your first pairing after your leave; your new match arrives by e-mail that day.";
  }
  return "Your new match arrives by e-mail that day.";
}

/**
 * The dashboard's greeting: "Welcome back" to someone matched before; a first visit is told when
 * the first chat comes, which is only "the next monthly pairing" when they are in it.
 */
export function welcomeLine(
  firstName: string | null,
  returning: boolean,
  next: NextPairingResponse | undefined,
): string {
  const name = firstName ? `, ${firstName}` : "";
  if (returning) return `Welcome back${name}! Here's what's brewing.`;
  // Nothing promised before the answer says whether they are in the next pairing.
  if (!next || next.date === null) return `Welcome${name}!`;
  if (next.away === null) {
    return `Welcome${name}! Your first coffee chat comes with the next monthly pairing.`;
  }
  return `Welcome${name}! Your first coffee chat comes with the pairing on ${next.date}.`;
}
