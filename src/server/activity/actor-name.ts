import type { NamedPerson } from "./people-line";

/**
 * Someone as an activity line names them (an admin who acted, a person who changed their own
 * participation): their name when they have one, else their address.
 */
export function actorName(person: {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
}): NamedPerson {
  const name = [person.firstName, person.lastName].filter(Boolean).join(" ").trim();
  return { id: person.id, name: name || person.email };
}
