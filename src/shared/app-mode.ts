/**
 * The server tells the pages it runs a demo (DEMO=1) with this meta tag in the HTML it serves, so
 * demo-only pieces (the simple test access page and its button) cost no request to decide.
 */
export const DEMO_MODE_META = '<meta name="cup-of-joe-mode" content="demo">';
export const DEMO_MODE_SELECTOR = 'meta[name="cup-of-joe-mode"][content="demo"]';
