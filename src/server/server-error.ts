import { DrizzleQueryError } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { HttpError } from "./errors";

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
  request.log.error({ err: loggable(error), status }, "request failed");
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

/**
 * The error as the log keeps it, with its causes. A failed query's parameters are the values
 * written (an e-mail's text with its links, a person's answers), so for a query the log keeps the
 * statement and the database's reason but not them.
 */
function loggable(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { value: String(error) };
  const cause =
    error.cause !== undefined && depth < 4 ? loggable(error.cause, depth + 1) : undefined;
  if (error instanceof DrizzleQueryError)
    return { type: "DrizzleQueryError", query: error.query, cause };
  return { type: error.name, message: error.message, stack: error.stack, cause };
}
