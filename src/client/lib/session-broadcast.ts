/**
 * Tells this browser's other tabs of the app that the person signed out (a BroadcastChannel, so
 * every tab of the same origin hears it at once; the announcing tab does not hear itself).
 */
const CHANNEL_NAME = "cup-of-joe-session";
const SIGNED_OUT = "signed-out";

let channel: BroadcastChannel | null | undefined;

function sessionChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL_NAME) : null;
  }
  return channel;
}

export function announceSignOut(): void {
  sessionChannel()?.postMessage(SIGNED_OUT);
}

/** Calls `listener` when another tab announces a sign-out; returns the unsubscribe. */
export function onSignOutElsewhere(listener: () => void): () => void {
  const current = sessionChannel();
  if (!current) return () => {};
  const handle = (event: MessageEvent) => {
    if (event.data === SIGNED_OUT) listener();
  };
  current.addEventListener("message", handle);
  return () => current.removeEventListener("message", handle);
}
