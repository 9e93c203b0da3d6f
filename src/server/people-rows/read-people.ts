import { and, eq } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { inIdList } from "../db/id-list";
import { users } from "../db/schema";

/** The columns a person is read by when nothing more is asked: who they are and how to reach them. */
export const personColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
};

type Reader = Pick<Db, "select">;
type WithId = SelectedFields & { id: typeof users.id };

/** What a read may narrow: only active accounts (not deactivated, not erased). */
export interface ReadOptions {
  activeOnly?: boolean;
}

/**
 * The people with these ids (each once, in no set order), read by `fields` (`personColumns` unless
 * asked otherwise; spread it and add what you need). The ids travel as one parameter, so a
 * company-wide list fits one statement (db/id-list.ts). Every "who are these people" read of the
 * server goes through here (docs/architecture.md, "People read one way").
 */
export async function readPeople<F extends SelectedFields = typeof personColumns>(
  db: Reader,
  ids: readonly string[],
  fields?: F,
  options: ReadOptions = {},
) {
  const unique = [...new Set(ids)];
  const columns = (fields ?? personColumns) as F;
  if (unique.length === 0) return [];
  return db
    .select(columns)
    .from(users)
    .where(
      and(inIdList(users.id, unique), options.activeOnly ? eq(users.isActive, true) : undefined),
    );
}

/** `readPeople` keyed by id. */
export async function peopleById<F extends WithId = typeof personColumns>(
  db: Reader,
  ids: readonly string[],
  fields?: F,
  options?: ReadOptions,
) {
  const rows = await readPeople(db, ids, fields, options);
  return new Map(rows.map((row) => [row.id, row]));
}

/** `readPeople` in the order of `ids`, each as often as named; an id nobody has is left out. */
export async function peopleInOrder<F extends WithId = typeof personColumns>(
  db: Reader,
  ids: readonly string[],
  fields?: F,
  options?: ReadOptions,
) {
  const byId = await peopleById(db, ids, fields, options);
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One person by id, or undefined. */
export async function readPerson<F extends SelectedFields = typeof personColumns>(
  db: Reader,
  id: string,
  fields?: F,
) {
  const [row] = await readPeople(db, [id], fields);
  return row;
}
