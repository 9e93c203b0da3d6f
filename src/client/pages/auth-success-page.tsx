import { CircleCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { Spinner } from "../components/ui/spinner";
import { AuthShell } from "../features/auth-shell";
import { authApi } from "../lib/api/auth";

export const AUTH_SUCCESS_WAIT_MS = 1000;

/** Post-sign-in page (/auth-success). */
export function AuthSuccessPage() {
  const [done, setDone] = useState(false);
  useEffect(() => {
    const timer = setTimeout(async () => {
      try {
        const status = await authApi.status();
        if (status?.authenticated && status.user) {
          setDone(true);
          window.location.replace(status.user.needsProfileSetup ? "/profile-setup" : "/profile");
        } else {
          window.location.replace("/auth?error=session_expired");
        }
      } catch {
        window.location.replace("/auth?error=auth_check_failed");
      }
    }, AUTH_SUCCESS_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <AuthShell title={done ? "Sign In Successful!" : "Completing Sign In..."}>
      <div className="flex flex-col items-center gap-4 py-16 text-center">
        {done ? (
          <CircleCheck aria-hidden="true" className="size-12 text-green-700" />
        ) : (
          <Spinner hideLabel size="lg" />
        )}
        <h1 className="text-2xl font-bold text-coffee-950" aria-live="polite">
          {done ? "Sign In Successful!" : "Completing Sign In..."}
        </h1>
      </div>
    </AuthShell>
  );
}
