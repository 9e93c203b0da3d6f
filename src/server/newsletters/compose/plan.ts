import type { MatchView } from "../../mail/templates/views";
import { partnerView } from "../../pairings/scope/partner-view";
import { type AudiencePerson, canReceive, type PairingAudience } from "./audience";

/** One person of a pairing or its sat-out list, as their match e-mail shows them. */
export interface PlannedPerson {
  person: AudiencePerson;
  match: MatchView;
  /** The partners' user ids (none for who sat out). */
  partnerIds: string[];
  /** False for members who may not receive it (opted out, deactivated, no longer whitelisted). */
  receives: boolean;
}

/**
 * Everyone a pairing's e-mail is about, with what their "Your Match" section shows: each member
 * with their partners (and the match's conversation starter, taken in turn from `starters`), then
 * everyone who sat out. Who receives it: docs/newsletters.md, "Recipients".
 */
export function planPairing(
  appUrl: string,
  audience: PairingAudience,
  starters: string[],
): PlannedPerson[] {
  const planned = new Map<string, PlannedPerson>();
  for (const { index, members } of audience.matches) {
    const present = members.map((m) => m.person).filter((p): p is AudiencePerson => p !== null);
    // Someone who has left the company is no longer anyone's coffee partner.
    const available = present.filter((p) => p.isActive && p.employeeStatus !== "inactive");
    const starter = starters.length > 0 ? starters[index % starters.length] : null;
    for (const person of present) {
      if (planned.has(person.id)) continue;
      const partners = available.filter((p) => p.id !== person.id);
      const match: MatchView =
        partners.length === 0
          ? { kind: "sat-out" }
          : { kind: "partners", partners: partners.map((p) => partnerView(appUrl, p)), starter };
      const partnerIds = partners.map((p) => p.id);
      planned.set(person.id, { person, match, partnerIds, receives: canReceive(person) });
    }
  }
  for (const person of audience.satOut) {
    if (planned.has(person.id)) continue;
    const satOut: MatchView = { kind: "sat-out" };
    planned.set(person.id, { person, match: satOut, partnerIds: [], receives: canReceive(person) });
  }
  return [...planned.values()];
}

/** The partners' addresses for the send log ("a@x, b@x" for a trio); null for someone who sat out. */
export function partnerEmails(match: MatchView): string | null {
  return match.kind === "partners" ? match.partners.map((p) => p.email).join(", ") : null;
}

export function greetingOf(firstName: string | null): string {
  return firstName?.trim() || "there";
}
