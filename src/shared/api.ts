import { z } from "zod";

/**
 * The parts every route's contract shares (docs/api.md). Each feature's request and response
 * schemas live beside it in src/shared; the server answers through them and the client reads its
 * types from them.
 */

/**
 * Every refusal: a message a person can act on, with a code a program can branch on. Some
 * refusals add fields of their own (the field in error, a reference, a wait in seconds), so the
 * object keeps whatever else the error handler sends.
 */
export const apiErrorSchema = z
  .looseObject({
    message: z.string(),
    code: z.string().optional(),
    field: z.string().optional(),
  })
  .meta({ id: "ApiError" });
export type ApiError = z.infer<typeof apiErrorSchema>;

/** The refusals any route may give, declared once per route (spread into `response`). */
export const errorResponses = {
  "4xx": apiErrorSchema,
} as const;

/** `{ success, message }`: a done action with a line the page shows as a toast. */
export const successMessageSchema = z.object({ success: z.boolean(), message: z.string() });
export type SuccessMessage = z.infer<typeof successMessageSchema>;

/** `{ message }` alone: a done action whose page only shows the line. */
export const messageSchema = z.object({ message: z.string() });

/**
 * An answer that is not JSON (a file, a page, a calendar entry), listed in the document under its
 * media type. Its body is sent as it is, never through a schema.
 */
export const fileResponse = (mediaType: string, description: string) =>
  z.any().meta({ mediaType, description });

/** A redirect: no body, the target in the Location header. */
export const redirectResponse = (description: string) => z.null().meta({ description });

/** Where the server serves the OpenAPI document and the page that shows it. */
export const OPENAPI_DOCUMENT = "/api/openapi.json";
export const API_DOCS_PAGE = "/api/docs";

/** A route's `response`: its answer on success (200, or 201 for `created`) and the refusals. */
export const answers = <T extends z.ZodType>(schema: T) => ({ 200: schema, ...errorResponses });
export const created = <T extends z.ZodType>(schema: T) => ({ 201: schema, ...errorResponses });
