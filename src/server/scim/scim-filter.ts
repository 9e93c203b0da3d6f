import { and, not, or, type SQL, sql } from "drizzle-orm";
import { type Filter, parse } from "scim2-parse-filter";
import { users } from "../db/schema";
import { departmentNameSql } from "../directory/departments/department-name";
import { ScimError } from "./scim-error";
import { ENTERPRISE_SCHEMA, USER_SCHEMA } from "./scim-schemas";
import { fullNameSql } from "./scim-user-rows";

type Kind = "text" | "exactText" | "boolean" | "date";
interface Column {
  sql: SQL;
  kind: Kind;
}

/** The attributes a filter may name (lowercase, without the core schema's URN) and their columns. */
const COLUMNS: Record<string, Column> = {
  id: { sql: sql`${users.scimId}::text`, kind: "text" },
  username: { sql: sql`${users.scimUserName}`, kind: "text" },
  externalid: { sql: sql`${users.scimExternalId}`, kind: "exactText" },
  displayname: { sql: sql`coalesce(${users.scimDisplayName}, ${fullNameSql})`, kind: "text" },
  "name.givenname": { sql: sql`${users.firstName}`, kind: "text" },
  "name.familyname": { sql: sql`${users.lastName}`, kind: "text" },
  "name.formatted": {
    sql: sql`coalesce(${users.scimNameFormatted}, ${fullNameSql})`,
    kind: "text",
  },
  emails: { sql: sql`${users.email}`, kind: "text" },
  "emails.value": { sql: sql`${users.email}`, kind: "text" },
  "emails.type": { sql: sql`${users.scimEmailType}`, kind: "text" },
  "emails.primary": { sql: sql`true`, kind: "boolean" },
  active: { sql: sql`${users.isActive}`, kind: "boolean" },
  "meta.created": { sql: sql`${users.createdAt}`, kind: "date" },
  "meta.lastmodified": { sql: sql`${users.updatedAt}`, kind: "date" },
  [`${ENTERPRISE_SCHEMA.toLowerCase()}:department`]: {
    sql: departmentNameSql(users.email, users.department),
    kind: "text",
  },
};

const invalidFilter = (detail: string) => new ScimError(400, detail, "invalidFilter");

/**
 * The largest filter read (docs/provisioning.md, "Limits"): identity providers send one or two
 * comparisons; the parser and the query grow with every term.
 */
export const MAX_FILTER_LENGTH = 1_000;
export const MAX_FILTER_TERMS = 20;

/**
 * RFC 7644 §3.4.2.2 filters on the attributes above: eq, ne, co, sw, ew, gt, ge, lt, le, pr,
 * and, or, not, parentheses and value paths (`emails[type eq "work" and value co "@acme"]`).
 * Text compares ignoring case except externalId (RFC 7643 caseExact); dates compare as instants.
 * Parsed by scim2-parse-filter (docs/decisions/0043-scim-conformance.md).
 */
export function filterCondition(filter: string | undefined): SQL | undefined {
  if (filter === undefined || filter.trim() === "") return undefined;
  if (filter.length > MAX_FILTER_LENGTH) {
    throw invalidFilter(`A filter is at most ${MAX_FILTER_LENGTH} characters long.`);
  }
  let ast: Filter;
  try {
    ast = parse(filter);
  } catch {
    throw invalidFilter(`The filter "${filter}" is not a valid SCIM filter.`);
  }
  if (termsOf(ast) > MAX_FILTER_TERMS) {
    throw invalidFilter(`A filter compares at most ${MAX_FILTER_TERMS} attributes.`);
  }
  return condition(ast, "");
}

/** Comparisons and presence tests in a filter, however nested. */
function termsOf(filter: Filter): number {
  switch (filter.op) {
    case "and":
    case "or":
      return filter.filters.reduce((sum, inner) => sum + termsOf(inner), 0);
    case "not":
      return termsOf(filter.filter);
    case "[]":
      return termsOf(filter.valFilter);
    default:
      return 1;
  }
}

function condition(filter: Filter, prefix: string): SQL {
  switch (filter.op) {
    case "and":
      return and(...filter.filters.map((f) => condition(f, prefix))) ?? sql`true`;
    case "or":
      return or(...filter.filters.map((f) => condition(f, prefix))) ?? sql`false`;
    case "not":
      return not(sql`coalesce(${condition(filter.filter, prefix)}, false)`);
    case "[]":
      // One address per person: a value filter on emails is a filter on its sub-attributes.
      return condition(filter.valFilter, `${prefix}${filter.attrPath}.`);
    case "pr": {
      const column = columnOf(`${prefix}${filter.attrPath}`);
      return column.kind === "text" || column.kind === "exactText"
        ? sql`coalesce(${column.sql}, '') <> ''`
        : sql`${column.sql} is not null`;
    }
    default:
      return comparison(columnOf(`${prefix}${filter.attrPath}`), filter.op, filter.compValue);
  }
}

function columnOf(attrPath: string): Column {
  let key = attrPath.toLowerCase();
  if (key.startsWith(`${USER_SCHEMA.toLowerCase()}:`)) key = key.slice(USER_SCHEMA.length + 1);
  const column = COLUMNS[key];
  if (!column) throw invalidFilter(`Filtering by ${attrPath} is not supported.`);
  return column;
}

type Op = "eq" | "ne" | "co" | "sw" | "ew" | "gt" | "lt" | "ge" | "le";
const ORDER: Partial<Record<Op, SQL>> = {
  gt: sql`>`,
  ge: sql`>=`,
  lt: sql`<`,
  le: sql`<=`,
};

function comparison(column: Column, op: Op, value: string | number | boolean | null): SQL {
  if (value === null) {
    if (op === "eq") return sql`${column.sql} is null`;
    if (op === "ne") return sql`${column.sql} is not null`;
    throw invalidFilter(`${op} cannot compare with null.`);
  }
  if (column.kind === "boolean") {
    if (typeof value !== "boolean" || (op !== "eq" && op !== "ne")) {
      throw invalidFilter("A boolean attribute compares with eq or ne and true or false.");
    }
    return op === "eq"
      ? sql`${column.sql} = ${value}`
      : sql`${column.sql} is distinct from ${value}`;
  }
  if (typeof value !== "string") throw invalidFilter(`Compare text with a "quoted" value.`);
  if (column.kind === "date") return dateComparison(column, op, value);
  const exact = column.kind === "exactText";
  const left = exact ? column.sql : sql`lower(${column.sql})`;
  const right = exact ? value : value.toLowerCase();
  switch (op) {
    case "eq":
      return sql`${left} = ${right}`;
    case "ne":
      return sql`${left} is distinct from ${right}`;
    case "co":
      return sql`strpos(${left}, ${right}) > 0`;
    case "sw":
      return sql`starts_with(${left}, ${right})`;
    case "ew":
      return sql`right(${left}, ${right.length}) = ${right}`;
    default:
      return sql`${left} collate "C" ${ORDER[op]} ${right}`;
  }
}

function dateComparison(column: Column, op: Op, value: string): SQL {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw invalidFilter(`"${value}" is not a date and time.`);
  if (op === "co" || op === "sw" || op === "ew") {
    throw invalidFilter(`${op} does not apply to a date and time.`);
  }
  const iso = at.toISOString();
  if (op === "eq") return sql`${column.sql} = ${iso}::timestamptz`;
  if (op === "ne") return sql`${column.sql} is distinct from ${iso}::timestamptz`;
  return sql`${column.sql} ${ORDER[op]} ${iso}::timestamptz`;
}
