/** What sign-in takes from the provider's claims (ID token, else UserInfo). */
export interface PersonClaims {
  email: string | undefined;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  /** The `zoneinfo` claim (OpenID Connect Core §5.1), an IANA zone name, if sent. */
  timeZone: string | null;
}

const text = (value: unknown): string | null => {
  if (typeof value !== "string") return null;
  const trimmed = value.trim().slice(0, 100);
  return trimmed === "" ? null : trimmed;
};

/**
 * `email_verified` must be true; a few providers send the string "true". Names come from
 * `given_name`/`family_name`, else `name` split at its first space.
 */
export function personFromClaims(claims: Record<string, unknown>): PersonClaims {
  const verified = claims.email_verified === true || claims.email_verified === "true";
  let firstName = text(claims.given_name);
  let lastName = text(claims.family_name);
  const full = text(claims.name);
  if (!firstName && !lastName && full) {
    const space = full.indexOf(" ");
    firstName = space === -1 ? full : full.slice(0, space);
    lastName = space === -1 ? null : full.slice(space + 1);
  }
  return {
    email: typeof claims.email === "string" ? claims.email : undefined,
    emailVerified: verified,
    firstName,
    lastName,
    timeZone: text(claims.zoneinfo),
  };
}
