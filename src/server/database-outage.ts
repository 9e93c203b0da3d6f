import { DrizzleQueryError } from "drizzle-orm";

/**
 * Whether an error means the database server is out of reach (stopped, restarting, refusing
 * connections, the connection cut) rather than a fault of the statement: PostgreSQL's
 * connection-exception class (08) and shutdown codes (57P01–57P03), node-postgres' own messages,
 * and a socket error of a query (inside drizzle's DrizzleQueryError) or of a connection attempt
 * (`syscall` "connect": the pool opening one). A socket error elsewhere (a file not found, an
 * outbound request) is not the database's (docs/monitoring.md, "A database outage").
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  let current: unknown = error;
  let inQuery = false;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const { code, message, syscall } = current as Record<string, unknown>;
    if (typeof code === "string" && POSTGRES_CODES.test(code)) return true;
    if (typeof message === "string" && POOL_MESSAGES.test(message)) return true;
    const socket = typeof code === "string" && SOCKET_CODES.test(code);
    if (socket && (inQuery || (depth === 0 && syscall === "connect"))) return true;
    inQuery ||= current instanceof DrizzleQueryError;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const POSTGRES_CODES = /^(08\w{3}|57P0[123])$/;
const SOCKET_CODES =
  /^(ECONNREFUSED|ECONNRESET|ENOENT|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN)$/;
const POOL_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;

/** The part of a pino logger an outage is reported to (both lines at warn: an operator wants both). */
export interface OutageLog {
  warn(details: object, message: string): void;
}

/** This process's view of its database: up, or out of reach since a moment. */
export interface DatabaseHealth {
  /** False from the first error that says the database is out of reach until a ping answers. */
  readonly up: boolean;
  /** Seconds a client should wait before it tries again while the database is out. */
  readonly retryAfterSeconds: number;
  /**
   * Reports an error: true when it says the database is out of reach (the outage is logged once,
   * when it starts), false for any other error, which the caller logs as before.
   */
  failed(error: unknown): boolean;
  /** Asks the database now (a readiness probe); false while it does not answer. */
  check(): Promise<boolean>;
  /** Ends the pings of an outage (the process stops). */
  stop(): void;
}

/**
 * Watches the database for outages: the first error that says it is out of reach logs one line
 * and starts a ping every `pingMs`; the first ping that answers logs one line with how long it
 * lasted. Nothing in between: no statement, parameter or stack trace per failed request.
 */
export function createDatabaseHealth(options: {
  ping: () => Promise<unknown>;
  log: OutageLog;
  pingMs?: number;
  /** How long a readiness probe waits for the database before it counts as out of reach. */
  probeTimeoutMs?: number;
}): DatabaseHealth {
  const pingMs = options.pingMs ?? 1000;
  const probeTimeoutMs = options.probeTimeoutMs ?? 2000;
  let downSince: number | null = null;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const back = () => {
    if (downSince === null) return;
    const seconds = Math.round((Date.now() - downSince) / 100) / 10;
    downSince = null;
    clearTimeout(timer);
    timer = undefined;
    options.log.warn({ event: "database_up", outageSeconds: seconds }, "database reachable again");
  };
  const pingLater = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      options.ping().then(back, () => {
        if (downSince !== null) pingLater();
      });
    }, pingMs);
    timer.unref();
  };
  const down = (error: unknown) => {
    if (downSince !== null) return;
    downSince = Date.now();
    options.log.warn(
      { event: "database_down", reason: reasonOf(error) },
      "database out of reach: answering 503 until it is back",
    );
    pingLater();
  };
  const withTimeout = (promise: Promise<unknown>) =>
    new Promise<unknown>((resolve, reject) => {
      const limit = setTimeout(
        () => reject(Object.assign(new Error("timeout exceeded when trying to connect"))),
        probeTimeoutMs,
      );
      promise.then(resolve, reject).finally(() => clearTimeout(limit));
    });

  return {
    get up() {
      return downSince === null;
    },
    get retryAfterSeconds() {
      return Math.max(1, Math.ceil(pingMs / 1000));
    },
    failed(error) {
      if (!isDatabaseUnreachable(error)) return false;
      down(error);
      return true;
    },
    async check() {
      try {
        await withTimeout(options.ping());
        back();
        return true;
      } catch (error) {
        down(error);
        return false;
      }
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** The error's code, or its first line: never a statement or its parameters. */
function reasonOf(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const { code } = current as { code?: unknown };
    if (typeof code === "string" && (POSTGRES_CODES.test(code) || SOCKET_CODES.test(code))) {
      return code;
    }
    current = (current as { cause?: unknown }).cause;
  }
  const message = error instanceof Error ? error.message : String(error);
  return message.startsWith("Failed query") ? "query failed" : message.split("\n")[0].slice(0, 200);
}
