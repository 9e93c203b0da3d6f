import { parse } from "scim2-parse-filter";
import {
  emailOfList,
  isObject,
  officeOfAddresses,
  type ScimAttributes,
  scimBoolean,
  scimEmail,
  scimManager,
  scimText,
  scimTimeZone,
} from "./scim-attributes";
import { invalidValue, ScimError } from "./scim-error";
import { ENTERPRISE_SCHEMA, PATCH_SCHEMA, USER_SCHEMA } from "./scim-schemas";

const ENTERPRISE = ENTERPRISE_SCHEMA.toLowerCase();
const CORE = USER_SCHEMA.toLowerCase();
const EMAIL_VALUE_PATH = /^emails\[(.+)\](?:\.([a-z]+))?$/i;

const invalidSyntax = (detail: string) => new ScimError(400, detail, "invalidSyntax");
const invalidPath = (detail: string) => new ScimError(400, detail, "invalidPath");
const emailRequired = () =>
  invalidValue("emails cannot be removed: Cup of Joe signs people in by their address.");

/**
 * The most operations of one PatchOp, and attributes of one operation's value object
 * (docs/provisioning.md, "Limits"): a provider sends a handful per change of a person.
 */
export const MAX_PATCH_OPERATIONS = 100;
export const MAX_PATCH_ATTRIBUTES = 100;

/**
 * The changes of a PatchOp (RFC 7644 §3.5.2) in both forms the providers send: `path` +
 * `value`, and no path with a value object (Okta's `{"active": false}`). Operation names are
 * read in any case (Entra ID sends "Replace" and "Add"); attributes Cup of Joe does not keep
 * (title, phone numbers…) are accepted and ignored.
 */
export function attributesOfPatch(body: unknown): ScimAttributes {
  if (!isObject(body)) throw invalidSyntax("The body must be a PatchOp.");
  if (!Array.isArray(body.schemas) || !body.schemas.includes(PATCH_SCHEMA)) {
    throw invalidSyntax(`schemas must be ["${PATCH_SCHEMA}"].`);
  }
  if (!Array.isArray(body.Operations) || body.Operations.length === 0) {
    throw invalidSyntax("A PatchOp needs a list of Operations.");
  }
  if (body.Operations.length > MAX_PATCH_OPERATIONS) {
    throw invalidSyntax(`A PatchOp has at most ${MAX_PATCH_OPERATIONS} Operations.`);
  }
  const changes: ScimAttributes = {};
  for (const operation of body.Operations) applyOperation(changes, operation);
  return changes;
}

function applyOperation(changes: ScimAttributes, operation: unknown): void {
  if (!isObject(operation)) throw invalidSyntax("Each operation must be an object.");
  const op = String(operation.op ?? "").toLowerCase();
  if (op !== "add" && op !== "replace" && op !== "remove") {
    throw invalidSyntax(`Unknown operation "${String(operation.op)}".`);
  }
  const path = typeof operation.path === "string" ? operation.path.trim() : "";
  if (op === "remove") {
    if (!path) throw new ScimError(400, "A remove operation needs a path.", "noTarget");
    applyPath(changes, path, null);
  } else if (path) {
    if (operation.value === undefined) throw invalidValue(`The ${op} of ${path} needs a value.`);
    applyPath(changes, path, operation.value);
  } else if (isObject(operation.value)) {
    const entries = Object.entries(operation.value);
    if (entries.length > MAX_PATCH_ATTRIBUTES) {
      throw invalidSyntax(`An operation's value has at most ${MAX_PATCH_ATTRIBUTES} attributes.`);
    }
    for (const [key, inner] of entries) applyPath(changes, key, inner);
  } else {
    throw invalidPath("An operation without a path needs an object value.");
  }
}

/** One attribute's new value; null removes it. */
function applyPath(changes: ScimAttributes, rawPath: string, value: unknown): void {
  const path = rawPath.trim().toLowerCase().replace(/\s+/g, " ");
  if (path.startsWith(`${CORE}:`)) {
    applyPath(changes, rawPath.trim().slice(CORE.length + 1), value);
    return;
  }
  if (path.startsWith(`${ENTERPRISE}:`)) {
    applyPath(changes, path.slice(ENTERPRISE.length + 1), value);
    return;
  }
  if (path === ENTERPRISE || path === "name") {
    applyComplex(changes, path, rawPath, value);
    return;
  }
  if (path === "addresses" || path.startsWith("addresses[") || path.startsWith("addresses.")) {
    changes.office = officeOfPath(path, value);
    return;
  }
  if (path.startsWith("emails")) {
    applyEmail(changes, path, rawPath, value);
    return;
  }
  applySimple(changes, path, value);
}

/** `name` or the whole enterprise extension: sub-attributes merge in; removing clears them all. */
function applyComplex(changes: ScimAttributes, path: string, rawPath: string, value: unknown) {
  if (value === null) {
    if (path === "name") {
      Object.assign(changes, { firstName: null, lastName: null, nameFormatted: null });
    } else Object.assign(changes, { department: null, manager: null });
    return;
  }
  if (!isObject(value)) throw invalidValue(`${rawPath} must be an object.`);
  for (const [key, inner] of Object.entries(value)) {
    applyPath(changes, path === "name" ? `name.${key}` : key, inner);
  }
}

/** `addresses`, `addresses.locality` or `addresses[type eq "work"]` (`.locality`): the office. */
function officeOfPath(path: string, value: unknown): string | null {
  if (path === "addresses") return officeOfAddresses(value);
  if (path.endsWith(".locality")) return scimText(value, "addresses.locality", 100);
  return isObject(value) ? scimText(value.locality, "addresses.locality", 100) : null;
}

function applySimple(changes: ScimAttributes, path: string, value: unknown): void {
  switch (path) {
    case "active":
      // Removed, active is unassigned (RFC 7644 §3.5.2.2), which means true here as in a PUT
      // that leaves it out: the Schema's description and docs/provisioning.md say so.
      changes.active = value === null ? true : scimBoolean(value, "active");
      return;
    case "username": {
      const userName = scimText(value, "userName");
      if (!userName) throw invalidValue("userName cannot be empty.");
      changes.userName = userName;
      return;
    }
    case "externalid":
      changes.externalId = scimText(value, "externalId");
      return;
    case "displayname":
      changes.displayName = scimText(value, "displayName");
      return;
    case "name.givenname":
      changes.firstName = scimText(value, "name.givenName", 100);
      return;
    case "name.familyname":
      changes.lastName = scimText(value, "name.familyName", 100);
      return;
    case "name.formatted":
      changes.nameFormatted = scimText(value, "name.formatted");
      return;
    case "department":
      changes.department = scimText(value, "department", 100);
      return;
    case "timezone":
      changes.timeZone = scimTimeZone(value);
      return;
    case "manager":
    case "manager.value":
      changes.manager = scimManager(value);
      return;
  }
}

/**
 * `emails` (a list), `emails.value`, and value paths such as `emails[type eq "work"].value`: Cup of
 * Joe keeps one address, so a value path names it by its type (which the change then sets) or
 * as the primary one.
 */
function applyEmail(changes: ScimAttributes, path: string, rawPath: string, value: unknown) {
  if (value === null) throw emailRequired();
  if (path === "emails") {
    const listed = Array.isArray(value) ? emailOfList(value) : undefined;
    if (!listed) throw invalidValue("emails must be a list with an address.");
    Object.assign(changes, { email: listed.email, emailType: listed.type });
    return;
  }
  if (path === "emails.value") {
    changes.email = scimEmail(value, rawPath);
    return;
  }
  const valuePath = EMAIL_VALUE_PATH.exec(rawPath.trim());
  if (!valuePath) return;
  const type = typeOfEmailFilter(rawPath, valuePath[1]);
  const sub = valuePath[2]?.toLowerCase();
  if (sub === "value") {
    changes.email = scimEmail(value, rawPath);
    if (type !== undefined) changes.emailType = type;
  } else if (sub === undefined) {
    const listed = emailOfList([value]);
    if (!listed) throw invalidValue(`${rawPath} needs an object with a value.`);
    Object.assign(changes, { email: listed.email, emailType: listed.type ?? type ?? null });
  } else if (sub === "type") {
    changes.emailType = scimText(value, rawPath, 50);
  }
}

/** `type eq "work"` gives "work"; `primary eq true` gives undefined (the type stays). */
function typeOfEmailFilter(rawPath: string, filter: string): string | undefined {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(filter);
  } catch {
    throw invalidPath(`${rawPath} is not a valid path.`);
  }
  if (parsed.op === "eq" && parsed.attrPath.toLowerCase() === "type") {
    if (typeof parsed.compValue === "string") return parsed.compValue;
  }
  if (parsed.op === "eq" && parsed.attrPath.toLowerCase() === "primary") {
    if (parsed.compValue === true) return undefined;
  }
  throw invalidPath(`${rawPath}: only emails[type eq "…"] and emails[primary eq true] are kept.`);
}
