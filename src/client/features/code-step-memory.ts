/**
 * Keeps the code sign-in's second step across a reload of /auth/code: the address a code was sent
 * to and when, in this tab's sessionStorage. Never the code itself. Forgotten after the code's
 * lifetime (15 minutes, docs/sign-in.md), at sign-in and on "Use Different Email".
 */
const KEY = "cup-of-joe.code-sign-in";
const CODE_LIFETIME_MS = 15 * 60 * 1000;

type Remembered = { email: string; sentAt: number };

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage switched off: the page starts at the e-mail step, as before
  }
}

export function rememberCodeStep(email: string, now = Date.now(), store = storage()): void {
  try {
    store?.setItem(KEY, JSON.stringify({ email, sentAt: now } satisfies Remembered));
  } catch {
    // full or refused: nothing to keep
  }
}

/** The address a still-valid code was sent to from this tab, or null. */
export function recallCodeStep(now = Date.now(), store = storage()): string | null {
  try {
    const value = JSON.parse(store?.getItem(KEY) ?? "null") as Partial<Remembered> | null;
    if (typeof value?.email !== "string" || typeof value.sentAt !== "number") return null;
    const age = now - value.sentAt;
    return age >= 0 && age < CODE_LIFETIME_MS ? value.email : null;
  } catch {
    return null;
  }
}

export function forgetCodeStep(store = storage()): void {
  try {
    store?.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
