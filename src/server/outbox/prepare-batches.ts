import type { AppContext } from "../context";
import type { OutgoingMessageRow } from "../db/schema";
import type { KindLookup } from "./message-kind";
import { readPayload } from "./read-payload";

/**
 * What each kind with a `prepareBatch` read once for its messages among a claimed batch (a round
 * announcement's proposed times, once per match), by kind name. A kind whose preparation fails is
 * left out, said in the log: its messages then render on their own.
 */
export async function prepareBatches(
  ctx: AppContext,
  rows: readonly OutgoingMessageRow[],
  warn: (line: string) => void,
  kindNamed: KindLookup,
): Promise<Map<string, unknown>> {
  const prepared = new Map<string, unknown>();
  for (const name of new Set(rows.map((row) => row.kind))) {
    const prepare = kindNamed(name)?.prepareBatch;
    if (!prepare) continue;
    const kind = kindNamed(name);
    // A row whose data is not its kind's is left out here and given up when it is delivered.
    const batch = rows
      .filter((row) => row.kind === name)
      .flatMap((row) => {
        const payload = readPayload(kind, row);
        return "data" in payload ? [{ data: payload.data, recipient: row.recipient }] : [];
      });
    try {
      prepared.set(name, await prepare(ctx, batch));
    } catch (error) {
      warn(`Outbox: the batch's ${name} messages go unprepared: ${(error as Error).message}`);
    }
  }
  return prepared;
}
