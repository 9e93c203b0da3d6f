import { redactLogText } from "./log-redaction";

/**
 * What the app prints for the person who runs it (the start-up line, the outbox's codes and
 * links when no SMTP_URL is set, a delivery worker's progress), not the server log: the outbox
 * lines hold sign-in codes on purpose for trying the app locally, and the log never holds a secret
 * (docs/sign-in.md, "What the log keeps").
 */
export function printLine(line: string): void {
  process.stdout.write(`${redactLogText(line)}\n`);
}

/** A message for the person who runs a command that failed (bad configuration, wrong usage). */
export function printError(line: string): void {
  process.stderr.write(`${redactLogText(line)}\n`);
}
