/**
 * Keeps the code sign-in's second step across a reload of /auth/code: the address a code was sent
 * to and when, in this tab's sessionStorage — never the code, and never the page's address, which
 * would put the e-mail address into server logs (docs/sign-in.md). Kept for the tab's life, past
 * the code's 15 minutes, since Resend Code on that step still helps then (the send time only lets
 * the screen say the code has expired); forgotten at sign-in and on "Use Different Email".
 */
const KEY = "cup-of-joe.code-sign-in";

/** The step as kept: `sentAt` (ms since the epoch) is null when it was not kept or is unreadable. */
export type CodeStepMemory = { email: string; sentAt: number | null };

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage switched off: the page starts at the e-mail step, as before
  }
}

export function rememberCodeStep(email: string, sentAt: number, store = storage()): void {
  try {
    store?.setItem(KEY, JSON.stringify({ email, sentAt } satisfies CodeStepMemory));
  } catch {
    // full or refused: nothing to keep
  }
}

/** The address a code was last sent to from this tab and when, or null. */
export function recallCodeStep(store = storage()): CodeStepMemory | null {
  try {
    const value = JSON.parse(store?.getItem(KEY) ?? "null") as Partial<CodeStepMemory> | null;
    if (typeof value?.email !== "string" || value.email === "") return null;
    const sentAt = Number.isFinite(value.sentAt) ? (value.sentAt as number) : null;
    return { email: value.email, sentAt };
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
