/** Typed HTTP errors; the one error handler in app.ts turns each into `{ message, code? }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export class BadRequest extends HttpError {
  constructor(message: string, code?: string, extra?: Record<string, unknown>) {
    super(400, message, code, extra);
  }
}

export class Validation extends HttpError {
  constructor(message: string, field?: string) {
    super(400, message, "validation", field ? { field } : undefined);
  }
}

export class Unauthorized extends HttpError {
  constructor(message = "401: Unauthorized") {
    super(401, message, "unauthorized");
  }
}

export class Forbidden extends HttpError {
  constructor(message = "You don't have permission to do that.", code = "forbidden") {
    super(403, message, code);
  }
}

export class NotFound extends HttpError {
  constructor(message = "Not found") {
    super(404, message, "not_found");
  }
}

export class Conflict extends HttpError {
  constructor(message: string, code = "conflict") {
    super(409, message, code);
  }
}

export class PayloadTooLarge extends HttpError {
  constructor(message: string) {
    super(413, message, "payload_too_large");
  }
}

export class UnsupportedMediaType extends HttpError {
  constructor(message: string) {
    super(415, message, "unsupported_media_type");
  }
}

export class TooManyRequests extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    extra?: Record<string, unknown>,
  ) {
    super(429, message, "rate_limited", extra);
  }
}

/** A designed 5xx: `message` is shown to people, `cause` only reaches the log. */
export class ServiceUnavailable extends HttpError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(503, message, "unavailable");
    this.cause = options.cause;
  }
}
