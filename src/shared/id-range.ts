/** The largest value of a PostgreSQL `integer` column: no row has a larger id. */
export const MAX_ID = 2_147_483_647;

/**
 * Whether `text` is an id as written in an address ("42"); the same range as idSchema in ids.ts,
 * without zod, so the client's route table (in the landing page's bundle) stays small.
 */
export function isIdText(text: string): boolean {
  return /^[1-9]\d*$/.test(text) && Number(text) <= MAX_ID;
}
