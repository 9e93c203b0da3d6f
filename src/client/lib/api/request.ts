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
