import { DrizzleQueryError } from "drizzle-orm";
import type { FastifyServerOptions } from "fastify";

const REDACTED = "[redacted]";
/** A query key worth keeping in the log ("token", "q"); anything odder may itself be a secret. */
const PLAIN_KEY = /^[A-Za-z0-9_.-]{1,32}$/;
/** A path segment that looks like a token: long runs of token characters, optionally dotted. */
const TOKEN_SEGMENT = /^[A-Za-z0-9_~-]{20,}(\.[A-Za-z0-9_~-]{16,})*$/;

/**
 * The request URL as the log may keep it: every query value replaced (sign-in and unsubscribe
 * links carry their secret there, searches carry e-mail addresses), and path segments holding an
 * e-mail address or a token-like string replaced too (docs/sign-in.md, "What the log keeps").
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf("?");
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const path = pathname.split("/").map(redactSegment).join("/");
  if (queryAt === -1) return path;
  const query = url
    .slice(queryAt + 1)
    .split("&")
    .map((pair) => {
      const key = pair.split("=")[0];
      return PLAIN_KEY.test(key) ? `${key}=${REDACTED}` : REDACTED;
    })
    .join("&");
  return `${path}?${query}`;
}

function redactSegment(segment: string): string {
  if (segment.includes("@") || /%40/i.test(segment) || TOKEN_SEGMENT.test(segment)) {
    return REDACTED;
  }
  return segment;
}

/** Drizzle's failed query: the values after `params:`, up to the stack's first frame. */
const QUERY_PARAMS = /(\nparams: )[\s\S]*?(?=\n {4}at |$)/g;
/** A value the database quotes back (`invalid input syntax for type uuid: "x"`). */
const QUOTED_VALUE = /(for (?:type|enum) [^:\n]{1,80}: )"(?:[^"\\\n]|\\.)*"/g;

/**
 * An error's text as a log may keep it: a failed query's parameters (an admin's password hash, an
 * address, a token, an e-mail's text) and a value the database quotes back are replaced
 * (docs/sign-in.md, "What the log keeps").
 */
export function redactLogText(text: string): string {
  return text.replace(QUERY_PARAMS, `$1${REDACTED}`).replace(QUOTED_VALUE, `$1"${REDACTED}"`);
}

/** Fields of a database error that name the statement's parts, never its values (not `detail`). */
const DATABASE_ERROR_FIELDS = ["code", "severity", "table", "column", "constraint", "routine"];

/**
 * The error as a log keeps it, with its causes: the message and stack with `redactLogText`, a
 * failed query's statement without its parameters, a database error's code and constraint but
 * not its `detail` (`Key (email)=(ada@…) already exists`) or `where`.
 */
export function loggableError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { value: redactLogText(String(error)) };
  const cause =
    error.cause !== undefined && depth < 4 ? loggableError(error.cause, depth + 1) : undefined;
  if (error instanceof DrizzleQueryError)
    return { type: "DrizzleQueryError", query: error.query, cause };
  const fields: Record<string, unknown> = {
    type: error.name,
    message: redactLogText(error.message),
    stack: error.stack && redactLogText(error.stack),
  };
  const record = error as unknown as Record<string, unknown>;
  for (const field of DATABASE_ERROR_FIELDS) {
    if (typeof record[field] === "string") fields[field] = record[field];
  }
  return { ...fields, cause };
}

/**
 * The app's logger options with request serialisation that keeps no secret: Fastify's own lines
 * (e.g. a client error) name the request through `req`, so it gets the redacted URL as well.
 */
export function redactingLogger(
  logger: FastifyServerOptions["logger"],
): FastifyServerOptions["logger"] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return {
    ...options,
    // A line's own text may quote an error (a job's warning): no query parameter in it either.
    hooks: {
      logMethod(args, method) {
        const redacted = args.map((arg) => (typeof arg === "string" ? redactLogText(arg) : arg));
        return method.apply(this, redacted as Parameters<typeof method>);
      },
    },
    serializers: {
      ...options.serializers,
      // An error as it was thrown; one a caller already made loggable passes as it is.
      err: ((value: unknown) => (value instanceof Error ? loggableError(value) : value)) as never,
      req: (req: { method?: string; url?: string; socket?: { remoteAddress?: string } }) => ({
        method: req.method,
        url: redactUrl(req.url ?? ""),
        remoteAddress: req.socket?.remoteAddress,
      }),
    },
  };
}
