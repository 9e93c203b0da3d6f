import { randomBytes } from "node:crypto";
import {
  linkSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

/** How often the holder touches its lock… */
const HEARTBEAT_MS = 10_000;
/** …and how long a lock nobody touched counts as held (a process on another host that died). */
const STALE_MS = 30_000;
const POLL_MS = 500;
const ATTEMPTS = 5;

/** The second process on one embedded data folder: refused at start (docs/operations.md). */
export class DataDirInUse extends Error {}

/** The lock files this process holds: a second open here is refused as well. */
const heldHere = new Set<string>();

interface Found {
  text: string;
  record: { pid?: number; host?: string } | null;
  touchedMs: number;
}

export interface DataDirLock {
  release(): void;
}

/**
 * Takes the embedded database's folder for this process: a file `<dbDir>.lock` created only if
 * absent (O_EXCL), naming this process and host and touched every HEARTBEAT_MS. A lock whose
 * process is gone (same host, killed even with SIGKILL) or that nobody touched for STALE_MS
 * (another host) is taken over; a live one refuses the start with one line naming DATA_DIR.
 * Two processes would each run PostgreSQL on the same files: each sees other data and the
 * folder risks corruption (docs/operations.md, "The embedded database").
 */
export async function lockDataDir(dbDir: string): Promise<DataDirLock> {
  const file = `${dbDir}.lock`;
  const mine = JSON.stringify({
    pid: process.pid,
    host: hostname(),
    token: randomBytes(8).toString("hex"),
    since: new Date().toISOString(),
  });
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (tryCreate(file, mine)) return holdLock(file, mine);
    const found = await waitWhileHeldElsewhere(file);
    if (!found) continue;
    if (!isStale(file, found)) throw inUse(dbDir, found);
    takeOver(file, found);
  }
  throw inUse(dbDir, readLock(file));
}

function tryCreate(file: string, text: string): boolean {
  try {
    writeFileSync(file, text, { flag: "wx" });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

function readLock(file: string): Found | null {
  try {
    const text = readFileSync(file, "utf8");
    const touchedMs = statSync(file).mtimeMs;
    let record: Found["record"] = null;
    try {
      record = JSON.parse(text);
    } catch {
      // Being written this instant, or damaged: its age decides.
    }
    return { text, record, touchedMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** A lock this host cannot check (another host's, or one being written) is waited on until stale. */
async function waitWhileHeldElsewhere(file: string): Promise<Found | null> {
  const deadline = Date.now() + STALE_MS + HEARTBEAT_MS;
  for (;;) {
    const found = readLock(file);
    if (!found || isStale(file, found) || isOnThisHost(found) || Date.now() > deadline) {
      return found;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

const isOnThisHost = (found: Found) =>
  found.record?.host === hostname() && typeof found.record.pid === "number";

function isStale(file: string, found: Found): boolean {
  if (Date.now() - found.touchedMs > STALE_MS) return true;
  if (!isOnThisHost(found)) return false;
  const pid = found.record?.pid as number;
  // Our own pid in a lock this process does not hold: a previous life of this container.
  if (pid === process.pid) return !heldHere.has(file);
  return !isAlive(pid);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Moves the stale lock aside (a rename: of two processes doing this at once, one moves it); if
 * what was moved is not the lock judged stale, another process had just taken the folder, so its
 * lock goes back (a link, which never replaces a file) and the next attempt finds it live.
 */
function takeOver(file: string, stale: Found) {
  const aside = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  if (readFileSync(aside, "utf8") !== stale.text) {
    try {
      linkSync(aside, file);
    } catch {
      // A third process holds the path now; the next attempt judges that one.
    }
  }
  unlinkSync(aside);
}

function holdLock(file: string, mine: string): DataDirLock {
  const stillMine = () => {
    try {
      return readFileSync(file, "utf8") === mine;
    } catch {
      return false;
    }
  };
  const heartbeat = setInterval(() => {
    if (!stillMine()) return;
    const now = new Date();
    try {
      utimesSync(file, now, now);
    } catch {
      // Gone meanwhile: nothing to keep fresh.
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  heldHere.add(file);
  const release = () => {
    clearInterval(heartbeat);
    heldHere.delete(file);
    process.removeListener("exit", release);
    if (stillMine()) unlinkSync(file);
  };
  process.on("exit", release);
  return { release };
}

function inUse(dbDir: string, found: Found | null): DataDirInUse {
  const holder = found?.record?.pid
    ? ` (process ${found.record.pid} on ${found.record.host ?? "another host"})`
    : "";
  return new DataDirInUse(
    `DATA_DIR ${path.dirname(dbDir)} is in use by another Cup of Joe process${holder}: one embedded database belongs to one process. Stop that process, or give this one its own DATA_DIR, or run every process on a PostgreSQL server (DATABASE_URL).`,
  );
}
