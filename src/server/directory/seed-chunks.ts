/** Rows per INSERT: a statement may carry at most 65,535 parameters. */
const INSERT_CHUNK = 1000;

/** `rows` in slices small enough for one INSERT each. */
export function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) out.push(rows.slice(i, i + INSERT_CHUNK));
  return out;
}
