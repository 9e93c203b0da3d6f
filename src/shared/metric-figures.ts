// Metrics constants and arithmetic, without zod, for the pages and the server alike.

/** Label for people whose department is empty, in the department breakdown. */
export const DEPARTMENT_NOT_SET = "Not Set";
/** The metrics tab shows this many departments and this many previous months. */
export const TOP_DEPARTMENTS = 10;
export const PREVIOUS_MONTHS = 6;

/** `part / whole × 100` rounded to one decimal, 0 when `whole` is 0. */
export function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}
