import type { FastifyRequest } from "fastify";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Whether a state-changing request may have come from another site. A browser marks it with
 * `Sec-Fetch-Site: cross-site` or an Origin that is not ours. A JSON body cannot be sent across
 * sites without a CORS preflight (which we never grant); a form or multipart body can, and some
 * clients send neither Origin nor Sec-Fetch-Site, so such a body with a session cookie must prove
 * where it came from with an Origin or a Referer of ours (docs/sign-in.md, "Cross-site requests").
 */
export function isCrossSite(
  request: FastifyRequest,
  /** Asked only for a state-changing request: every read passes this check. */
  allowedOrigins: () => string[],
  sessionCookie: string,
): boolean {
  if (!STATE_CHANGING.has(request.method)) return false;
  const { headers } = request;
  if (headers["sec-fetch-site"] === "cross-site") return true;
  const origin = headers.origin;
  if (typeof origin === "string") return !allowedOrigins().includes(origin);
  if (!request.cookies[sessionCookie] || !sendsSimpleBody(headers["content-type"])) return false;
  const referer = refererOrigin(headers.referer);
  return referer === null || !allowedOrigins().includes(referer);
}

/** A body type a page on another site may send without a preflight (anything but JSON). */
function sendsSimpleBody(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const type = contentType.split(";")[0].trim().toLowerCase();
  return type !== "application/json";
}

function refererOrigin(referer: string | undefined): string | null {
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}
