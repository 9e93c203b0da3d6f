import type { z } from "zod";

/**
 * One endpoint of the API, written once (docs/api.md, "The endpoint table"): its method, its
 * path (Fastify's `:name` for a path parameter) and the zod schemas of what it takes and answers.
 * The server registers the route from it, the client and the sample dashboard build its address
 * and read its answer type from it, and the OpenAPI document is made from the registered schemas.
 */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Who may call an endpoint, as the OpenAPI document declares it (docs/api.md, "Who may call
 * what"): `public` needs no session (a sign-in step, a link's token, a public page); left out, an
 * `/api/admin/` path needs an admin and any other a signed-in person's session.
 */
export type EndpointAccess = "public";

export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: `/api/${string}`;
  readonly access?: EndpointAccess;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /**
   * An upload: the body is multipart/form-data with a file in this field, read by the handler
   * itself (no `body` schema); a caller sends a `FormData` (docs/api.md, "Answers").
   */
  readonly formData?: string;
  /**
   * An old path kept answering for callers outside the app (an admin API token's scripts), marked
   * deprecated in the OpenAPI document; the app itself calls the path that replaced it.
   */
  readonly deprecated?: true;
  /** By status: `answers(schema)` or `created(schema)` from src/shared/api.ts, or a map of them. */
  readonly response: Readonly<Record<string | number, z.ZodType>>;
}

/** An endpoint as its table writes it; the literal method and path are kept in its type. */
export const endpoint = <const E extends Endpoint>(definition: E): E => definition;

type Out<S> = S extends z.ZodType ? z.output<S> : never;
type In<S> = S extends z.ZodType ? z.input<S> : never;

/** What a successful call answers: the 200 schema's type, else the 201's, else the 202's. */
export type AnswerOf<E extends Endpoint> = E["response"] extends { 200: infer S }
  ? Out<S>
  : E["response"] extends { 201: infer S }
    ? Out<S>
    : E["response"] extends { 202: infer S }
      ? Out<S>
      : unknown;

/** What a caller sends: the path parameters, the query and the body, as their schemas take them. */
export type ParamsOf<E extends Endpoint> = E extends { params: infer S } ? In<S> : undefined;
export type QueryOf<E extends Endpoint> = E extends { query: infer S } ? In<S> : undefined;
export type BodyOf<E extends Endpoint> = E extends { body: infer S }
  ? In<S>
  : E extends { formData: string }
    ? FormData
    : undefined;

/** The endpoint's path with each `:name` replaced by its value, encoded as one path segment. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${path} needs :${name}`);
    return encodeURIComponent(String(value));
  });
}
