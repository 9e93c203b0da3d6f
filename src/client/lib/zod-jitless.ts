import { z } from "zod";

// The page's Content-Security-Policy forbids eval, and zod's object schemas probe for it with
// `Function("")` when they are made, which the browser reports as a CSP violation on every page
// with a form. Jitless mode parses without that probe; it must be set before any schema is made,
// so main.tsx imports this module first.
z.config({ jitless: true });
