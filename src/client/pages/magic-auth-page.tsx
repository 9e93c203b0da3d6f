import { useEffect, useRef } from "react";
import { Spinner } from "../components/ui/spinner";
import { AuthShell } from "../features/auth-shell";
import { authApi } from "../lib/api/auth";
import { ApiError } from "../lib/api-client";

const KNOWN_FAILURES = new Set(["invalid_link", "invalid_email", "missing_token"]);

/** Where a failed verification goes: /auth with the spec's error code. */
function failureTarget(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code && KNOWN_FAILURES.has(error.code)) return `/auth?error=${error.code}`;
    if (error.status === 400 || error.status === 403 || error.status === 409)
      return "/auth?error=auth_failed";
  }
  return "/auth?error=verification_failed";
}

/**
 * Magic link arrival (/magic-auth). Opening the link (or a mail scanner fetching it) does
 * nothing on the server; this page's script asks whether the link still works, then consumes the
 * token with a POST.
 */
export function MagicAuthPage() {
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = new URLSearchParams(window.location.search).get("token");
    if (!token) {
      window.location.replace("/auth?error=missing_token");
      return;
    }
    // Keep the token out of the address bar and history once it has been read.
    window.history.replaceState(null, "", "/magic-auth");
    // Asked first, so a used or expired link is an answer rather than a refused request.
    authApi
      .checkMagicLink(token)
      .then(async (check) => {
        if (!check.usable) {
          window.location.replace(`/auth?error=${check.reason ?? "invalid_link"}`);
          return;
        }
        await authApi.verifyMagicLink(token);
        window.location.replace("/auth-success");
      })
      .catch((error: unknown) => window.location.replace(failureTarget(error)));
  }, []);

  return (
    <AuthShell title="Signing you in">
      <h1 className="sr-only">Signing you in</h1>
      <div className="flex justify-center py-16">
        <Spinner label="Verifying your magic link..." size="lg" />
      </div>
    </AuthShell>
  );
}
