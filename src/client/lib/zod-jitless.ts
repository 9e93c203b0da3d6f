// The page's Content-Security-Policy forbids eval, and zod's object schemas probe for it with
// `Function("")` when they are made, which the browser reports as a CSP violation on every page
// with a form. Jitless mode (`z.config({ jitless: true })`) parses without that probe; it must be
// set before any schema is made, so main.tsx imports this module first. It writes zod's shared
// configuration object (`globalThis.__zod_globalConfig`, which zod's `z.config` reads and writes)
// instead of importing zod, so the public pages still ship without zod.
const shared = globalThis as { __zod_globalConfig?: Record<string, unknown> };
shared.__zod_globalConfig = Object.assign(shared.__zod_globalConfig ?? {}, { jitless: true });

export {};
