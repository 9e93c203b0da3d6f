import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/** A Radicale CalDAV server that only this test uses. */
export interface RadicaleServer {
  /** `http://127.0.0.1:PORT/` */
  url: string;
  username: string;
  password: string;
  /** Makes the calendar collection at `calendarPath` (below `url`) and stores each iCalendar text. */
  putEvents(calendarPath: string, events: Record<string, string>): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts Debian's `radicale` (a real CalDAV server) on a free loopback port with a throwaway
 * storage folder and one htpasswd account that may read and write every calendar.
 */
export async function startRadicale(): Promise<RadicaleServer> {
  const dir = mkdtempSync(path.join(tmpdir(), "coj-radicale-"));
  const username = "reader";
  const password = "radicale-test-password";
  writeFileSync(path.join(dir, "users"), `${username}:${password}\n`);
  const port = await freePort();
  writeFileSync(
    path.join(dir, "config"),
    [
      "[server]",
      `hosts = 127.0.0.1:${port}`,
      "[auth]",
      "type = htpasswd",
      `htpasswd_filename = ${path.join(dir, "users")}`,
      "htpasswd_encryption = plain",
      "[rights]",
      "type = authenticated",
      "[storage]",
      `filesystem_folder = ${path.join(dir, "collections")}`,
      "[logging]",
      "level = warning",
    ].join("\n"),
  );
  const child = spawn("/usr/bin/radicale", ["--config", path.join(dir, "config")], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const url = `http://127.0.0.1:${port}/`;
  const authorization = `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`;
  const close = async () => {
    await stop(child);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await untilAnswering(url, child, () => stderr);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    url,
    username,
    password,
    async putEvents(calendarPath, events) {
      const calendar = new URL(calendarPath.replace(/^\/+/, ""), url).href;
      const parent = new URL("..", calendar).href;
      const parentMade = await fetch(parent, { method: "MKCOL", headers: { authorization } });
      if (![201, 405].includes(parentMade.status))
        throw new Error(`MKCOL ${parent}: ${parentMade.status}`);
      const made = await fetch(calendar, { method: "MKCALENDAR", headers: { authorization } });
      if (made.status !== 201) throw new Error(`MKCALENDAR ${calendar}: ${made.status}`);
      for (const [name, text] of Object.entries(events)) {
        const put = await fetch(new URL(name, calendar), {
          method: "PUT",
          headers: { authorization, "content-type": "text/calendar; charset=utf-8" },
          body: text,
        });
        if (put.status !== 201) throw new Error(`PUT ${name}: ${put.status} ${await put.text()}`);
      }
    },
    close,
  };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** Waits until the server answers HTTP (or fails at once when the process ends). */
async function untilAnswering(url: string, child: ChildProcess, stderr: () => string) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`radicale exited: ${stderr()}`);
    try {
      await fetch(url, { method: "OPTIONS" });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`radicale did not answer within 20 s: ${stderr()}`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}
