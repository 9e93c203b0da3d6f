import { normalizeEmail } from "../auth/email-address";
import { invalidValue } from "./scim-error";
import { ENTERPRISE_SCHEMA } from "./scim-schemas";

/** What Cup of Joe keeps of a SCIM User; absent means "unchanged" (PATCH) or the default (create). */
export interface ScimAttributes {
  userName?: string;
  email?: string;
  firstName?: string | null;
  lastName?: string | null;
  externalId?: string | null;
  active?: boolean;
  department?: string | null;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A text attribute: trimmed, at most `max` characters, null when empty. */
export function scimText(value: unknown, attribute: string, max = 200): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== "string") throw invalidValue(`${attribute} must be a string.`);
  const trimmed = value.trim();
  if (trimmed.length > max) throw invalidValue(`${attribute} is longer than ${max} characters.`);
  return trimmed === "" ? null : trimmed;
}

/** `active`: a boolean, or the strings "True"/"False" that Entra ID sends in some PATCHes. */
export function scimBoolean(value: unknown, attribute: string): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value === "string" && /^(true|false)$/i.test(value.trim())) {
    return value.trim().toLowerCase() === "true";
  }
  throw invalidValue(`${attribute} must be true or false.`);
}

export function scimEmail(value: unknown, attribute: string): string {
  const email = typeof value === "string" ? normalizeEmail(value) : null;
  if (!email) throw invalidValue(`${attribute} is not a valid email address.`);
  return email;
}

/** The address of an `emails` list: the primary one, else the work one, else the first. */
export function emailOfList(value: unknown): string | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const items = value.filter(isObject);
  const chosen =
    items.find((item) => item.primary === true || item.primary === "true") ??
    items.find((item) => item.type === "work") ??
    items[0];
  return chosen ? scimEmail(chosen.value, "emails.value") : undefined;
}

/** The attributes of a whole User resource (POST, PUT); userName and an address are required. */
export function attributesOfResource(
  body: unknown,
): ScimAttributes & { userName: string; email: string } {
  if (!isObject(body)) throw invalidValue("The request body must be a SCIM User object.");
  const userName = scimText(body.userName, "userName");
  if (!userName) throw invalidValue("userName is required.");
  const email = emailOfList(body.emails) ?? normalizeEmail(userName);
  if (!email) {
    throw invalidValue("An email address is required: in emails, or as the userName.");
  }
  const name = isObject(body.name) ? body.name : {};
  const enterprise = isObject(body[ENTERPRISE_SCHEMA]) ? body[ENTERPRISE_SCHEMA] : {};
  return {
    userName,
    email,
    firstName: scimText(name.givenName, "name.givenName", 100),
    lastName: scimText(name.familyName, "name.familyName", 100),
    externalId: scimText(body.externalId, "externalId"),
    active: body.active === undefined ? true : scimBoolean(body.active, "active"),
    department: scimText(enterprise.department, "department", 100),
  };
}
