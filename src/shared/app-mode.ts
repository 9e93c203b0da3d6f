/**
 * The server tells the pages it runs a demo (DEMO=1) with this meta tag in the HTML it serves, so
 * demo-only pieces (the simple test access page and its button) cost no request to decide.
 */
export const DEMO_MODE_META = '<meta name="cup-of-joe-mode" content="demo">';
export const DEMO_MODE_SELECTOR = 'meta[name="cup-of-joe-mode"][content="demo"]';

/**
 * Beside it, how many people the demo seeded (DEMO_EMPLOYEES), so /admin-demo shows that company
 * without calling the server (docs/admin-console.md, "Sample dashboard").
 */
export const sampleEmployeesMeta = (count: number) =>
  `<meta name="cup-of-joe-sample-employees" content="${count}">`;
export const SAMPLE_EMPLOYEES_SELECTOR = 'meta[name="cup-of-joe-sample-employees"]';
