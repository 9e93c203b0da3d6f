import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { HttpError, TooManyRequests } from "../errors";
import { replyServerError } from "../server-error";

/**
 * The one error handler: a schema refusal names the field, a typed error from src/server/errors.ts
 * answers its status and message, anything else from 500 up is logged and answered with a reference.
 */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  answerAsJson(reply);
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issue = error.validation[0];
    const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
    const text = issue.message ?? "Invalid value";
    const message = field && !isCustomMessage(text) ? `${field}: ${text}` : text;
    return reply.code(400).send({ message, field: field || undefined, code: "validation" });
  }
  const status =
    error instanceof HttpError
      ? error.statusCode
      : ((error as { statusCode?: number }).statusCode ?? 500);
  if (status >= 500 && request.server.databaseHealth?.failed(error)) {
    return replyDatabaseOut(request, reply);
  }
  if (status >= 500) return replyServerError(request, reply, error, status);
  if (error instanceof HttpError) {
    if (error instanceof TooManyRequests) reply.header("Retry-After", error.retryAfterSeconds);
    return reply
      .code(error.statusCode)
      .send({ message: error.message, code: error.code, ...error.extra });
  }
  return reply.code(status).send({ message: friendlyClientError(error as Error, status) });
}

/**
 * The database is out of reach (stopped, restarting, failing over): 503 with a wait a client can
 * retry after, and nothing logged per request; the outage is logged once as it starts and once as
 * it ends (docs/monitoring.md, "A database outage").
 */
function replyDatabaseOut(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(503)
    .header("Retry-After", request.server.databaseHealth.retryAfterSeconds)
    .send({
      message: "The service is briefly unavailable. Please try again in a few seconds.",
      code: "database_unavailable",
    });
}

/**
 * A download (a CSV streamed row by row) that fails before its first byte has already set its
 * file headers, on the reply and, once Fastify began piping the stream, on the raw response: the
 * refusal is JSON, not an attachment.
 */
function answerAsJson(reply: FastifyReply) {
  reply.removeHeader("Content-Disposition");
  if (!reply.raw.headersSent) reply.raw.removeHeader("Content-Disposition");
  reply.type("application/json; charset=utf-8");
}

/** Our schemas word their own messages ("First name is required"); zod's defaults need the field. */
function isCustomMessage(message: string): boolean {
  return !/^(Invalid|Too (big|small)|Expected|Unrecognized|Required)/.test(message);
}

function friendlyClientError(error: Error & { code?: string }, status: number): string {
  if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") return "Please send the request as JSON.";
  if (error.code === "FST_ERR_CTP_EMPTY_JSON_BODY") return "The request body is empty.";
  if (error.code === "FST_REQ_FILE_TOO_LARGE" || status === 413) return "The upload is too large.";
  if (error instanceof SyntaxError || error.code === "FST_ERR_CTP_INVALID_JSON_BODY") {
    return "The request body is not valid JSON.";
  }
  return error.message || "Bad request";
}
