import type { FastifyInstance } from "fastify";
import { BROKEN_TEXT_MESSAGE, hasBrokenText } from "../shared/clean-text";
import { BadRequest } from "./errors";

/** The path of the first string (or object key) in `value` that cannot be stored, else null. */
export function findBrokenText(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === "string") return hasBrokenText(value) ? path : null;
  if (value === null || typeof value !== "object" || depth > 32) return null;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (hasBrokenText(key)) return path || "body";
    const found = findBrokenText(item, itemPath, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * One check for every route, before validation: a JSON body, query or path parameter holding a
 * NUL byte or an unpaired surrogate is refused with 400 and a message naming the field.
 */
export function refuseBrokenText(app: FastifyInstance): void {
  app.addHook("preValidation", (request, _reply, done) => {
    const field =
      findBrokenText(request.params, "") ??
      findBrokenText(request.query, "") ??
      findBrokenText(request.body, "");
    if (field === null) return done();
    done(
      new BadRequest(`${field || "The request"} ${BROKEN_TEXT_MESSAGE}`, "broken_text", {
        field: field || undefined,
      }),
    );
  });
}
