import {
  emailOfList,
  type ScimAttributes,
  scimBoolean,
  scimEmail,
  scimText,
} from "./scim-attributes";
import { invalidValue, ScimError } from "./scim-error";
import { ENTERPRISE_SCHEMA, PATCH_SCHEMA } from "./scim-schemas";

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const ENTERPRISE = ENTERPRISE_SCHEMA.toLowerCase();
const WORK_EMAIL = /^emails\[type eq "work"\]\.value$/;

/**
 * The changes of a PatchOp (RFC 7644 §3.5.2) in both forms the providers send: `path` +
 * `value`, and no path with a value object (Okta's `{"active": false}`). Operation names are
 * read in any case (Entra ID sends "Replace" and "Add"); attributes Cup of Joe does not keep
 * (title, phone numbers…) are accepted and ignored.
 */
export function attributesOfPatch(body: unknown): ScimAttributes {
  if (!isObject(body) || !Array.isArray(body.Operations)) {
    throw new ScimError(400, "The body must be a PatchOp with Operations.", "invalidSyntax");
  }
  if (Array.isArray(body.schemas) && !body.schemas.includes(PATCH_SCHEMA)) {
    throw new ScimError(400, `schemas must include ${PATCH_SCHEMA}.`, "invalidSyntax");
  }
  const changes: ScimAttributes = {};
  for (const operation of body.Operations) {
    if (!isObject(operation))
      throw new ScimError(400, "Each operation must be an object.", "invalidSyntax");
    const op = String(operation.op ?? "").toLowerCase();
    if (op !== "add" && op !== "replace" && op !== "remove") {
      throw new ScimError(400, `Unknown operation "${String(operation.op)}".`, "invalidSyntax");
    }
    const value = op === "remove" ? null : operation.value;
    if (typeof operation.path === "string" && operation.path.trim() !== "") {
      applyPath(changes, operation.path.trim(), value);
    } else if (isObject(value)) {
      for (const [path, inner] of Object.entries(value)) applyPath(changes, path, inner);
    } else {
      throw new ScimError(400, "An operation without a path needs an object value.", "invalidPath");
    }
  }
  return changes;
}

function applyPath(changes: ScimAttributes, rawPath: string, value: unknown): void {
  const path = rawPath.toLowerCase().replace(/\s+/g, " ");
  if (path.startsWith(`${ENTERPRISE}:`)) {
    applyPath(changes, path.slice(ENTERPRISE.length + 1), value);
    return;
  }
  if (path === ENTERPRISE || path === "name") {
    if (value === null) return;
    if (!isObject(value)) throw invalidValue(`${rawPath} must be an object.`);
    for (const [key, inner] of Object.entries(value)) {
      applyPath(changes, path === "name" ? `name.${key}` : key, inner);
    }
    return;
  }
  switch (path) {
    case "active":
      if (value === null) throw invalidValue("active cannot be removed.");
      changes.active = scimBoolean(value, "active");
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
    case "name.givenname":
      changes.firstName = scimText(value, "name.givenName", 100);
      return;
    case "name.familyname":
      changes.lastName = scimText(value, "name.familyName", 100);
      return;
    case "department":
      changes.department = scimText(value, "department", 100);
      return;
    case "emails":
      if (value === null) throw invalidValue("The email address cannot be removed.");
      changes.email = Array.isArray(value) ? emailOfList(value) : scimEmail(value, "emails");
      return;
  }
  if (WORK_EMAIL.test(path) || path === "emails.value") {
    if (value === null) throw invalidValue("The email address cannot be removed.");
    changes.email = scimEmail(value, rawPath);
  }
}
