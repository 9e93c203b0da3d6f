import { erasedName, isErasedAddress } from "./former-colleague";

/** What `personName` reads of a person: their names and address. */
export type NamedRow = {
  firstName: string | null;
  lastName: string | null;
  email: string;
};

/**
 * The one way a person is named, in every list, match, sentence and activity line: first and last
 * name, else the address's local part, else "Unknown"; an erased person or a stand-in is named by
 * `erasedName` (docs/privacy.md).
 */
export function personName(person: NamedRow): string {
  if (isErasedAddress(person.email)) return erasedName(person.email);
  const full = [person.firstName, person.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");
  return full || person.email.split("@")[0] || "Unknown";
}
