/**
 * How long an e-mailed sign-in code works (docs/sign-in.md): the server's default, and what the
 * code screen tells, on a module of its own so the sign-in page loads it without zod.
 */
export const CODE_TTL_MS = 15 * 60 * 1000;
