/**
 * The sample company's size (src/shared/sample-company.ts): the server's DEMO_EMPLOYEES and the
 * size /admin-demo shows. In a module of its own, so a page that reads the size loads nothing
 * else of the sample company.
 */

/** People in the sample company unless DEMO_EMPLOYEES says otherwise. */
export const SAMPLE_EMPLOYEES = 100;
/** The sizes DEMO_EMPLOYEES may ask for. */
export const SAMPLE_EMPLOYEES_MIN = 2;
export const SAMPLE_EMPLOYEES_MAX = 100_000;
/**
 * The most people /admin-demo works out in the browser, every answer of the dashboard counted from
 * them as the page opens: a larger seeded company is shown by its first this many
 * (docs/admin-console.md, "Sample dashboard").
 */
export const SAMPLE_DASHBOARD_MAX_EMPLOYEES = 1_000;

/**
 * How many people /admin-demo shows: as many as the demo server seeded (`seeded`, the size it
 * tells the page, docs/admin-console.md), else the default size, and at most
 * SAMPLE_DASHBOARD_MAX_EMPLOYEES.
 */
export function sampleDashboardSize(seeded: string | null | undefined): {
  seeded: number;
  shown: number;
} {
  const n = Number(seeded);
  const valid =
    seeded != null &&
    seeded.trim() !== "" &&
    Number.isInteger(n) &&
    n >= SAMPLE_EMPLOYEES_MIN &&
    n <= SAMPLE_EMPLOYEES_MAX;
  const size = valid ? n : SAMPLE_EMPLOYEES;
  return { seeded: size, shown: Math.min(size, SAMPLE_DASHBOARD_MAX_EMPLOYEES) };
}
