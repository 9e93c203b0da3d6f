import {
  type AnswerOf,
  type BodyOf,
  type Endpoint,
  fillPath,
  type ParamsOf,
  type QueryOf,
} from "@shared/endpoints/endpoint";
import { apiRequest } from "../api-client";

/** A JSON read (GET) that a query can cancel. */
export function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  return apiRequest<T>("GET", url, undefined, { signal });
}

/** `path` with the non-empty `params` as its query string. */
export function withQuery(
  path: string,
  params: Record<string, string | number | null | undefined>,
): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== "") search.set(name, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** A path segment taken from data (file names, domains): encoded so it stays one segment. */
export const segment = (value: string | number) => encodeURIComponent(String(value));

type Input<E extends Endpoint> = {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  signal?: AbortSignal;
};

/**
 * The address of an endpoint of the table in src/shared/endpoints: its path with the parameters
 * filled in (each one encoded segment) and the non-empty query values (docs/api.md).
 */
export function addressOf<E extends Endpoint>(
  endpoint: E,
  params?: ParamsOf<E>,
  query?: QueryOf<E>,
): string {
  const path = fillPath(endpoint.path, params as Record<string, unknown> | undefined);
  return query ? withQuery(path, query as Parameters<typeof withQuery>[1]) : path;
}

/** Calls an endpoint of the table: its method, its address, its body; typed by its answer. */
export function call<E extends Endpoint>(endpoint: E, input: Input<E> = {}): Promise<AnswerOf<E>> {
  return apiRequest<AnswerOf<E>>(
    endpoint.method,
    addressOf(endpoint, input.params, input.query),
    input.body,
    { signal: input.signal },
  );
}
