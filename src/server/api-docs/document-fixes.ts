type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * zod writes a record keyed by an enum (`z.record(z.enum([…]), schema)`) as `propertyNames` with
 * the keys, `additionalProperties` with the value's schema and `required` listing every key. That
 * is valid JSON Schema, but client generators read `required` against `properties` and find each
 * key undefined; the same object written with `properties` says the same and reads well. Applied
 * to every schema of the document, in place.
 */
export function recordsAsProperties(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) recordsAsProperties(item);
    return;
  }
  if (!isObject(node)) return;
  for (const inner of Object.values(node)) recordsAsProperties(inner);
  const keys = isObject(node.propertyNames) ? node.propertyNames.enum : undefined;
  const value = node.additionalProperties;
  if (!Array.isArray(keys) || node.properties !== undefined || !isObject(value)) return;
  if (!keys.every((key): key is string => typeof key === "string")) return;
  node.properties = Object.fromEntries(keys.map((key) => [key, value]));
  node.additionalProperties = false;
  delete node.propertyNames;
}

function refsIn(value: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (isObject(value)) {
    for (const [key, inner] of Object.entries(value)) {
      if (key === "$ref" && typeof inner === "string") found.add(inner);
      else refsIn(inner, found);
    }
  }
  return found;
}

/**
 * The type provider names an input twin (`…Input`) of every named schema, used or not: the
 * schemas no operation reaches, directly or through another schema, are left out.
 */
export function withoutUnusedSchemas(document: { paths?: unknown; components?: Json }): void {
  const schemas = document.components?.schemas;
  if (!isObject(schemas)) return;
  const prefix = "#/components/schemas/";
  const used = new Set<string>();
  let next = [...refsIn(document.paths, new Set())];
  while (next.length > 0) {
    const found = new Set<string>();
    for (const ref of next) {
      const name = ref.startsWith(prefix) ? ref.slice(prefix.length) : undefined;
      if (name === undefined || used.has(name)) continue;
      used.add(name);
      refsIn(schemas[name], found);
    }
    next = [...found];
  }
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
}
