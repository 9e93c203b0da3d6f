import type { ZodType } from "zod";

/** A row's payload as its kind reads it, or why it cannot be read (said in the log, never thrown). */
export type ReadPayload<Data> = { data: Data } | { unreadable: string };

/**
 * Parses a queued row's `data` with its kind's schema when the worker reads it (docs/mail.md,
 * "Adding a message"): a row of no known kind, or whose data is not its kind's, is given up with
 * the reason, instead of being sent as nonsense or stopping the worker.
 */
export function readPayload<Data>(
  kind: { schema: ZodType<Data> } | undefined,
  row: { kind: string; channel?: string; data: unknown },
): ReadPayload<Data> {
  const what = row.channel && row.channel !== "email" ? `${row.channel} ${row.kind}` : row.kind;
  if (!kind) return { unreadable: `No message kind "${what}" in the registry.` };
  const parsed = kind.schema.safeParse(row.data);
  if (parsed.success) return { data: parsed.data };
  const where = parsed.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join(".") || "(the whole)"}: ${issue.message}`)
    .join("; ");
  return { unreadable: `Its data is not a ${what}'s: ${where}` };
}
