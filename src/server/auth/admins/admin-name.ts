import type { NamedPerson } from "../../activity/people-line";

/** An admin as an activity line names them: their name when they have one, else their address. */
export function adminName(admin: {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
}): NamedPerson {
  const name = [admin.firstName, admin.lastName].filter(Boolean).join(" ").trim();
  return { id: admin.id, name: name || admin.email };
}
