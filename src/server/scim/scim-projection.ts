import { ENTERPRISE_SCHEMA, USER_SCHEMA } from "./scim-schemas";

type Json = Record<string, unknown>;
export interface Projection {
  attributes?: string;
  excludedAttributes?: string;
}

/** Returned whatever `attributes` and `excludedAttributes` say (RFC 7643 "returned": "always"). */
const ALWAYS = new Set(["id", "schemas"]);
const CORE = `${USER_SCHEMA.toLowerCase()}:`;
const ENTERPRISE = ENTERPRISE_SCHEMA.toLowerCase();

/** `name.givenName`, `urn:…:User:userName`, `urn:…:enterprise:2.0:User:department` as key paths. */
function keyPath(raw: string): string[] {
  const name = raw.trim().toLowerCase();
  if (name === ENTERPRISE) return [ENTERPRISE];
  if (name.startsWith(`${ENTERPRISE}:`)) {
    return [ENTERPRISE, ...name.slice(ENTERPRISE.length + 1).split(".")];
  }
  return (name.startsWith(CORE) ? name.slice(CORE.length) : name).split(".");
}

const pathsOf = (list: string | undefined) =>
  (list ?? "")
    .split(",")
    .filter((name) => name.trim() !== "")
    .map(keyPath);

const keyOf = (resource: Json, name: string) =>
  Object.keys(resource).find((key) => key.toLowerCase() === name);

/**
 * RFC 7644 §3.4.2.5 (and §3.9 for the answers of POST, PUT and PATCH): `attributes` narrows the
 * resource to the named attributes and sub-attributes, `excludedAttributes` takes them out;
 * `id` and `schemas` always stay, and `schemas` names only the schemas still present.
 */
export function projectResource<T extends Json>(resource: T, projection: Projection): Json {
  const wanted = pathsOf(projection.attributes);
  const unwanted = pathsOf(projection.excludedAttributes);
  let result: Json = resource;
  if (wanted.length > 0) {
    result = {};
    for (const key of Object.keys(resource)) {
      if (ALWAYS.has(key)) result[key] = resource[key];
    }
    for (const path of wanted) copyPath(resource, result, path);
  } else if (unwanted.length > 0) {
    result = structuredClone(resource);
    for (const path of unwanted) {
      if (!(path.length === 1 && ALWAYS.has(path[0]))) deletePath(result, path);
    }
  }
  if (result !== resource && Array.isArray(result.schemas)) {
    result.schemas = result.schemas.filter(
      (schema) => schema !== ENTERPRISE_SCHEMA || keyOf(result, ENTERPRISE) !== undefined,
    );
  }
  return result;
}

function copyPath(from: Json, to: Json, path: string[]): void {
  const key = keyOf(from, path[0]);
  if (key === undefined) return;
  const value = from[key];
  if (path.length === 1) {
    to[key] = value;
    return;
  }
  if (Array.isArray(value)) {
    const items = (to[key] as Json[] | undefined) ?? value.map(() => ({}));
    value.forEach((item, i) => {
      if (item && typeof item === "object") copyPath(item as Json, items[i], path.slice(1));
    });
    to[key] = items;
  } else if (value && typeof value === "object") {
    const inner = (to[key] as Json | undefined) ?? {};
    copyPath(value as Json, inner, path.slice(1));
    to[key] = inner;
  }
}

function deletePath(resource: Json, path: string[]): void {
  const key = keyOf(resource, path[0]);
  if (key === undefined) return;
  if (path.length === 1) {
    delete resource[key];
    return;
  }
  const value = resource[key];
  const items = Array.isArray(value) ? value : [value];
  for (const item of items) {
    if (item && typeof item === "object") deletePath(item as Json, path.slice(1));
  }
}
