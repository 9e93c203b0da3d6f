import { and, eq, sql } from "drizzle-orm";
import { type PeopleLine, renderPeopleLine } from "../activity/people-line";
import type { Tx } from "../db/client";
import { activities, completedPairings } from "../db/schema";
import { wholeAddress } from "./scrub-text";

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The activity lines that name the erased person, found by their id, say `nameTo` ("someone who
 * left the programme" or "a former colleague", docs/privacy.md) where their name was (docs/privacy.md): a line written with `peopleLine` keeps its text with
 * ids, so it is rendered again with the other names as they were written; an older line about
 * them (`user_id`) has their name, as whole words, replaced. No other line is searched.
 */
export async function eraseFromActivityLines(
  tx: Tx,
  id: string,
  name: string | null,
  nameTo: string,
) {
  const lines = await tx
    .select({ id: activities.id, data: activities.data })
    .from(activities)
    .where(sql`${activities.data}->'line'->'names' ? ${id}`);
  for (const row of lines) {
    const data = row.data as { line: PeopleLine["line"] } & Record<string, unknown>;
    const names = { ...data.line.names, [id]: nameTo };
    await tx
      .update(activities)
      .set({
        detail: renderPeopleLine(data.line.text, names),
        data: { ...data, line: { text: data.line.text, names } },
      })
      .where(eq(activities.id, row.id));
  }
  if (!name) return;
  const pattern = `(?<![[:alnum:]_])${escapeRegex(name)}(?![[:alnum:]_])`;
  await tx
    .update(activities)
    .set({
      detail: sql`regexp_replace(${activities.detail}, ${pattern}, ${nameTo}, 'gi')`,
    })
    .where(
      and(
        eq(activities.userId, id),
        sql`${activities.data}->'line' is null`,
        sql`${activities.detail} ~* ${pattern}`,
      ),
    );
}

/**
 * In the completed records, each entry whose address (`userN_email`) is theirs, matched whole,
 * gets the placeholder address and `nameTo` as its name (`userN_name`); the other
 * entries of the record stay as they are.
 */
export async function eraseFromCompletedRecords(tx: Tx, email: string, to: string, nameTo: string) {
  const rows = await tx
    .select({ id: completedPairings.id, content: completedPairings.content })
    .from(completedPairings)
    .where(sql`${completedPairings.content}::text ~* ${wholeAddress(email)}`);
  for (const row of rows) {
    const content = replaceEntries(row.content, email.toLowerCase(), to, nameTo);
    await tx.update(completedPairings).set({ content }).where(eq(completedPairings.id, row.id));
  }
}

function replaceEntries(value: unknown, email: string, to: string, nameTo: string): unknown {
  if (Array.isArray(value)) return value.map((item) => replaceEntries(item, email, to, nameTo));
  if (!value || typeof value !== "object") return value;
  const entry = Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, replaceEntries(item, email, to, nameTo)]),
  );
  for (const [key, item] of Object.entries(entry)) {
    const stem = /^(.*)_email$/.exec(key)?.[1];
    if (stem === undefined || typeof item !== "string" || item.toLowerCase() !== email) continue;
    entry[key] = to;
    if (typeof entry[`${stem}_name`] === "string") entry[`${stem}_name`] = nameTo;
  }
  return entry;
}
