import { isIanaTimeZone } from "../../shared/working-hours";
import { emailDomain, normalizeEmail } from "../auth/email-address";
import { invalidValue, ScimError } from "./scim-error";
import { ENTERPRISE_SCHEMA, USER_SCHEMA } from "./scim-schemas";

/** What Cup of Joe keeps of a SCIM User; absent means "unchanged" (PATCH) or the default (create). */
export interface ScimAttributes {
  userName?: string;
  email?: string;
  /** `emails[].type` as sent (null: none sent). */
  emailType?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  nameFormatted?: string | null;
  displayName?: string | null;
  externalId?: string | null;
  active?: boolean;
  department?: string | null;
  /**
   * `timezone` (RFC 7643 §4.1.1, an IANA name); taken until the person confirms their own. null
   * (PATCH `remove`) drops a zone the directory gave; absent (a PUT without it) keeps the zone.
   */
  timeZone?: string | null;
  /** The enterprise extension's `manager.value`: the manager's SCIM id; null removes it. */
  manager?: string | null;
  /** The work address's `locality`, taken as the person's office; null when none is sent. */
  office?: string | null;
}

/** `manager`: `{ "value": "<the manager's id>" }` (RFC 7643 §4.3), or the id alone. */
export function scimManager(value: unknown): string | null {
  const id = isObject(value) ? value.value : value;
  return scimText(id, "manager.value", 100);
}

/** The office of an `addresses` list: the work address's locality, else the first one's. */
export function officeOfAddresses(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (!Array.isArray(value)) throw invalidValue("addresses must be a list.");
  const items = value.slice(0, 20).filter(isObject);
  const chosen = items.find((item) => item.type === "work") ?? items[0];
  return chosen ? scimText(chosen.locality, "addresses.locality", 100) : null;
}

type Json = Record<string, unknown>;
export const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A text attribute: trimmed, at most `max` characters, null when empty. */
export function scimText(value: unknown, attribute: string, max = 200): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== "string") throw invalidValue(`${attribute} must be a string.`);
  const trimmed = value.trim();
  if (trimmed.length > max) throw invalidValue(`${attribute} is longer than ${max} characters.`);
  return trimmed === "" ? null : trimmed;
}

/**
 * `timezone`: an IANA name such as Europe/Berlin, or 400 `invalidValue` (decision 0069): a value
 * that is not one is refused rather than dropped, so the provider's log shows the bad mapping.
 */
export function scimTimeZone(value: unknown): string | null {
  const zone = scimText(value, "timezone", 64);
  if (zone !== null && !isIanaTimeZone(zone)) {
    throw invalidValue(
      `timezone "${zone}" is not an IANA time zone name (such as Europe/Berlin or America/New_York).`,
    );
  }
  return zone;
}

/** `active`: a boolean, or the strings "True"/"False" that Entra ID sends in some PATCHes. */
export function scimBoolean(value: unknown, attribute: string): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value === "string" && /^(true|false)$/i.test(value.trim())) {
    return value.trim().toLowerCase() === "true";
  }
  throw invalidValue(`${attribute} must be true or false.`);
}

/**
 * A sign-in address. `.invalid` addresses are refused: they are the rows erasure and old history
 * leave behind (`erased-<id>@erased.invalid`, docs/privacy.md), which no provider may bring back.
 */
export function scimEmail(value: unknown, attribute: string): string {
  const email = typeof value === "string" ? normalizeEmail(value) : null;
  if (!email) throw invalidValue(`${attribute} is not a valid email address.`);
  if (emailDomain(email).endsWith(".invalid")) {
    throw invalidValue(`${attribute}: ${email} is not an address anyone can sign in with.`);
  }
  return email;
}

/** The address of an `emails` list and its type: the primary one, else the work one, else the first. */
export function emailOfList(value: unknown): { email: string; type: string | null } | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const items = value.filter(isObject);
  const chosen =
    items.find((item) => item.primary === true || item.primary === "true") ??
    items.find((item) => item.type === "work") ??
    items[0];
  if (!chosen) return undefined;
  return {
    email: scimEmail(chosen.value, "emails.value"),
    type: scimText(chosen.type, "emails.type", 50),
  };
}

/** RFC 7644 §3.3: a resource names its schemas; a body without the User schema is not a User. */
function requireUserSchema(body: Json): void {
  if (!Array.isArray(body.schemas) || !body.schemas.includes(USER_SCHEMA)) {
    throw new ScimError(400, `schemas must include ${USER_SCHEMA}.`, "invalidSyntax");
  }
}

/**
 * The attributes of a whole User resource (POST, PUT: absent attributes are cleared). userName
 * and an address are required: `emails`, or else a userName that is itself an address.
 */
export function attributesOfResource(
  body: unknown,
): ScimAttributes & { userName: string; email: string } {
  if (!isObject(body)) {
    throw new ScimError(400, "The request body must be a SCIM User object.", "invalidSyntax");
  }
  requireUserSchema(body);
  const userName = scimText(body.userName, "userName");
  if (!userName) throw invalidValue("userName is required.");
  const listed = emailOfList(body.emails);
  const email =
    listed?.email ?? (normalizeEmail(userName) ? scimEmail(userName, "userName") : null);
  if (!email) {
    throw invalidValue("emails is required: Cup of Joe signs people in by their address.");
  }
  const name = isObject(body.name) ? body.name : {};
  const enterprise = isObject(body[ENTERPRISE_SCHEMA]) ? body[ENTERPRISE_SCHEMA] : {};
  return {
    userName,
    email,
    emailType: listed?.type ?? null,
    firstName: scimText(name.givenName, "name.givenName", 100),
    lastName: scimText(name.familyName, "name.familyName", 100),
    nameFormatted: scimText(name.formatted, "name.formatted"),
    displayName: scimText(body.displayName, "displayName"),
    externalId: scimText(body.externalId, "externalId"),
    active: body.active === undefined ? true : scimBoolean(body.active, "active"),
    department: scimText(enterprise.department, "department", 100),
    timeZone: scimTimeZone(body.timezone) ?? undefined,
    manager: scimManager(enterprise.manager),
    office: officeOfAddresses(body.addresses) ?? undefined,
  };
}
