/**
 * Keeps the code sign-in's second step across a reload of /auth/code: the address a code was sent
 * to, in this tab's sessionStorage — never the code, and never the page's address, which would put
 * the e-mail address into server logs (docs/sign-in.md). Kept for the tab's life, past the code's
 * 15 minutes, since Resend Code on that step still helps then; forgotten at sign-in and on "Use
 * Different Email".
 */
const KEY = "cup-of-joe.code-sign-in";

type Remembered = { email: string };

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage switched off: the page starts at the e-mail step, as before
  }
}

export function rememberCodeStep(email: string, store = storage()): void {
  try {
    store?.setItem(KEY, JSON.stringify({ email } satisfies Remembered));
  } catch {
    // full or refused: nothing to keep
  }
}

/** The address a code was last sent to from this tab, or null. */
export function recallCodeStep(store = storage()): string | null {
  try {
    const value = JSON.parse(store?.getItem(KEY) ?? "null") as Partial<Remembered> | null;
    return typeof value?.email === "string" && value.email !== "" ? value.email : null;
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
