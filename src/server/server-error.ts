import type { FastifyReply, FastifyRequest } from "fastify";
import { HttpError } from "./errors";
import { loggableError } from "./log-redaction";

export const SERVER_ERROR_MESSAGE = "Something went wrong on our side. Please try again.";

/**
 * Every 5xx answer: a message written for people (our own for a designed 5xx such as "could not
 * send", a generic one otherwise) and the request's id as a reference, never the error's text (it
 * may hold SQL, a token or an address). The error itself, with its cause, goes to the log under
 * that id (docs/sign-in.md, "What the log keeps").
 */
export function replyServerError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: unknown,
  status: number,
) {
  request.log.error({ err: loggableError(error), status }, "request failed");
  const message = error instanceof HttpError ? error.message : SERVER_ERROR_MESSAGE;
  return reply
    .code(status)
    .header("X-Request-Id", request.id)
    .send({
      message: `${message} (Reference: ${request.id})`,
      code: error instanceof HttpError ? error.code : "server_error",
      requestId: request.id,
    });
}
