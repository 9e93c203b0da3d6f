import { toast } from "../components/ui/toast";
import { LOGIN_URL } from "../lib/api/auth";
import { isUnauthorizedError } from "../lib/api-client";

/** Delay before going to the login endpoint. */
export const LOGIN_REDIRECT_DELAY_MS = 500;

/**
 * The global "not signed in" reaction: a toast
 * "You are logged out. Logging in again..." then a full page load of the hosted sign-in
 * (LOGIN_URL) after 0.5 s.
 */
export function handleUnauthorized(): void {
  toast({
    title: "Unauthorized",
    description: "You are logged out. Logging in again...",
    variant: "destructive",
  });
  // The toast's parts load on demand (deferred-toaster.tsx): the 0.5 s count from when they are
  // there, so the person sees the toast before the page leaves even on a slow connection.
  void import("./toaster").finally(() => {
    setTimeout(() => {
      window.location.href = LOGIN_URL;
    }, LOGIN_REDIRECT_DELAY_MS);
  });
}

/** Calls handleUnauthorized() when `error` is a 401; returns whether it did. */
export function redirectIfUnauthorized(error: unknown): boolean {
  if (!isUnauthorizedError(error)) return false;
  handleUnauthorized();
  return true;
}
