import { type ChildProcess, fork } from "node:child_process";
import path from "node:path";
import nodemailer from "nodemailer";
import { repoRoot } from "../../src/server/repo-root";

/** The discarding SMTP server of bench/smtp-sink.cjs in its own process, on 127.0.0.1. */
export interface SmtpSink {
  url: string;
  /** Messages received so far. */
  count(): Promise<number>;
  close(): void;
}

export async function startSink(): Promise<SmtpSink> {
  const child: ChildProcess = fork(path.join(repoRoot, "bench/smtp-sink.cjs"), [], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const port = await new Promise<number>((resolve) =>
    child.once("message", (m) => resolve((m as { port: number }).port)),
  );
  return {
    url: `smtp://127.0.0.1:${port}`,
    count: () =>
      new Promise((resolve) => {
        child.once("message", (m) => resolve((m as { count: number }).count));
        child.send("count");
      }),
    close: () => child.kill(),
  };
}

/**
 * The baseline of a send benchmark: raw pooled nodemailer sending `count` small plain messages
 * to `url` over `poolSize` connections. Resolves with the wall-clock milliseconds it took.
 */
export async function rawNodemailerSend(
  url: string,
  count: number,
  poolSize: number,
): Promise<number> {
  const transport = nodemailer.createTransport({ url, pool: true, maxConnections: poolSize });
  const started = performance.now();
  // In windows of 5,000 so that 100,000 pending promises and messages are never held at once.
  for (let from = 0; from < count; from += 5_000) {
    await Promise.all(
      Array.from({ length: Math.min(5_000, count - from) }, (_, k) =>
        transport.sendMail({
          from: "Cup of Joe <no-reply@cupofjoe.local>",
          to: `raw-${from + k}@acme.example`,
          subject: "Hello",
          text: `Hello number ${from + k}`,
          html: `<p>Hello number ${from + k}</p>`,
        }),
      ),
    );
  }
  const ms = performance.now() - started;
  transport.close();
  return ms;
}
