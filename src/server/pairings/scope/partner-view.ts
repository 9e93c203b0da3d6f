import { personName } from "../../../shared/person-name";
import { absoluteImageUrl } from "../../images/email-rendition";
import type { PartnerView } from "../../mail/templates/views";

/** What a match e-mail shows of a partner, as read from their account. */
export interface PartnerFacts {
  firstName: string | null;
  lastName: string | null;
  email: string;
  departmentDisplayName: string | null;
  bio: string | null;
  profileImageUrl: string | null;
}

/**
 * A partner as the "Your Match" section of every match e-mail shows them (the newsletter, the
 * short announcement, a re-pair's e-mail): name, initials, department, bio, e-mail, photo.
 */
export function partnerView(appUrl: string, person: PartnerFacts): PartnerView {
  const name = personName(person);
  const initials =
    [person.firstName, person.lastName]
      .map((part) => part?.trim().charAt(0) ?? "")
      .join("")
      .toUpperCase() || name.charAt(0).toUpperCase();
  return {
    name,
    initials,
    department: person.departmentDisplayName,
    bio: person.bio?.trim() || null,
    email: person.email,
    photoUrl: absoluteImageUrl(appUrl, person.profileImageUrl),
  };
}
