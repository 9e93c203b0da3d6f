import type { QueryFunction, QueryKey } from "@tanstack/react-query";

/**
 * The client's HTTP rules:
 * - every call sends cookies (`credentials: "include"`);
 * - a JSON content type is sent only when there is a body;
 * - a non-ok response throws an ApiError whose message is the `message` field of a JSON error
 *   body; if absent, the whole JSON body as text; for non-JSON bodies the response text, falling
 *   back to the status text;
 * - a JSON response expected but not received throws
 *   "Expected JSON response but received " + content type.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  /** The `code` field of a JSON error body, when there is one. */
  readonly code?: string;
  /** The parsed JSON error body, when there is one. */
  readonly body?: unknown;

  constructor(init: {
    status: number;
    statusText?: string;
    message: string;
    code?: string;
    body?: unknown;
  }) {
    super(init.message);
    this.name = "ApiError";
    this.status = init.status;
    this.statusText = init.statusText ?? "";
    this.code = init.code;
    this.body = init.body;
  }
}

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** How every API call reaches the server; the sample dashboard swaps it for a local one. */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;
const networkTransport: Transport = (url, init) => fetch(url, init);
let transport: Transport = networkTransport;

/** Routes every API call through `next` until the returned restore function runs. */
export function replaceTransport(next: Transport): () => void {
  transport = next;
  return () => {
    if (transport === next) transport = networkTransport;
  };
}

function isJsonContentType(contentType: string | null): boolean {
  if (!contentType) return false;
  const type = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  return type === "application/json" || type.endsWith("+json");
}

/** Throws an ApiError built from a non-ok response; does nothing for an ok one. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => "");
  let message = "";
  let code: string | undefined;
  let body: unknown;
  if (isJsonContentType(res.headers.get("content-type")) && text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  }
  if (body !== undefined) {
    const record =
      body !== null && typeof body === "object" ? (body as Record<string, unknown>) : {};
    message = typeof record.message === "string" && record.message ? record.message : text;
    code = typeof record.code === "string" ? record.code : undefined;
  } else {
    message = text;
  }
  if (!message) message = res.statusText || `Request failed with status ${res.status}`;
  throw new ApiError({ status: res.status, statusText: res.statusText, message, code, body });
}

/** Parses a JSON body; an empty body (204 or content-length 0) yields undefined. */
async function readJson<T>(res: Response): Promise<T> {
  if (res.status === 204 || res.status === 205 || res.headers.get("content-length") === "0") {
    return undefined as T;
  }
  const contentType = res.headers.get("content-type");
  if (!isJsonContentType(contentType)) {
    const text = await res.text();
    if (text === "") return undefined as T;
    throw new Error(`Expected JSON response but received ${contentType ?? "no content type"}`);
  }
  return (await res.json()) as T;
}

function buildInit(method: HttpMethod, body: unknown, signal?: AbortSignal): RequestInit {
  const init: RequestInit = { method, credentials: "include", signal };
  if (body === undefined) return init;
  if (body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams) {
    init.body = body; // the browser sets the multipart/form content type itself
  } else {
    init.headers = { "Content-Type": "application/json" };
    init.body = JSON.stringify(body);
  }
  return init;
}

/**
 * Sends a request and returns the raw Response once it is known to be ok (throws ApiError
 * otherwise). Use for downloads (CSV, files) or when the body is not JSON.
 */
export async function apiFetch(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options: { signal?: AbortSignal } = {},
): Promise<Response> {
  const res = await transport(url, buildInit(method, body, options.signal));
  await throwIfResNotOk(res);
  return res;
}

/**
 * Sends a request and returns its parsed JSON answer (undefined for an empty answer).
 * `body` is sent as JSON; a FormData body (uploads) is sent as multipart.
 *
 * Called by the modules of lib/api/ (see its README), which name every address.
 */
export async function apiRequest<T = unknown>(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options: { signal?: AbortSignal } = {},
): Promise<T> {
  const res = await apiFetch(method, url, body, options);
  return readJson<T>(res);
}

export type UnauthorizedBehavior = "returnNull" | "throw";

/** Turns a query key into the GET path: its string/number segments joined with "/". */
export function queryKeyToUrl(queryKey: QueryKey): string {
  return queryKey
    .filter((segment): segment is string | number => ["string", "number"].includes(typeof segment))
    .map(String)
    .join("/");
}

/**
 * The default read: GETs the path formed by joining the query key segments with "/"
 * (["/x", "current"] → "/x/current") and requires a JSON answer.
 * With `on401: "returnNull"` a 401 answer yields null instead of an error.
 */
export function getQueryFn<T>(options: { on401: "returnNull" }): QueryFunction<T | null>;
export function getQueryFn<T>(options: { on401: "throw" }): QueryFunction<T>;
export function getQueryFn<T>(options: {
  on401: UnauthorizedBehavior;
}): QueryFunction<T | null> | QueryFunction<T>;
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await transport(queryKeyToUrl(queryKey), { credentials: "include", signal });
    if (on401 === "returnNull" && res.status === 401) return null;
    await throwIfResNotOk(res);
    const contentType = res.headers.get("content-type");
    if (!isJsonContentType(contentType)) {
      throw new Error(`Expected JSON response but received ${contentType ?? "no content type"}`);
    }
    return (await res.json()) as T;
  };
}

/**
 * True for a "not signed in" failure: an ApiError with status 401, or any error whose message
 * starts with "401" and mentions "Unauthorized".
 */
export function isUnauthorizedError(error: unknown): boolean {
  if (error instanceof ApiError && error.status === 401) return true;
  if (error instanceof Error) {
    return error.message.startsWith("401") && error.message.includes("Unauthorized");
  }
  return false;
}

/** The message to show for a failed call: the error's message, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
