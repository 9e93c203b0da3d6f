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
    serializers: {
      ...options.serializers,
      req: (req: { method?: string; url?: string; socket?: { remoteAddress?: string } }) => ({
        method: req.method,
        url: redactUrl(req.url ?? ""),
        remoteAddress: req.socket?.remoteAddress,
      }),
    },
  };
}
