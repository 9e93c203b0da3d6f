import { EMAIL_SHAPE } from "@shared/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Eye, EyeOff, Shield } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Alert, AlertDescription } from "../components/ui/alert";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../components/ui/card";
import { FieldError, Input } from "../components/ui/input";
import { Label } from "../components/ui/label";
import { AuthShell } from "../features/auth-shell";
import { AUTH_USER_QUERY_KEY } from "../features/use-auth";
import { authApi } from "../lib/api/auth";
import { errorMessage } from "../lib/api-client";

/** Delay before going to /admin after signing in. */
export const ADMIN_LOGIN_REDIRECT_MS = 100;

type Errors = { email?: string; password?: string };

/** Admin login (/admin-login). */
export function AdminLoginPage() {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const emailId = useId();
  const passwordId = useId();

  const login = useMutation({
    mutationFn: (body: { email: string; password: string }) => authApi.adminSignIn(body),
    onSuccess: (answer) => {
      queryClient.setQueryData(AUTH_USER_QUERY_KEY, answer.user);
      setTimeout(() => window.location.assign("/admin"), ADMIN_LOGIN_REDIRECT_MS);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    const address = email.trim().toLowerCase();
    if (!EMAIL_SHAPE.test(address)) next.email = "Please enter a valid email address";
    if (!password) next.password = "Password is required";
    setErrors(next);
    if (next.email || next.password) return;
    login.mutate({ email: address, password });
  };

  return (
    <AuthShell title="Admin Access">
      <Card>
        <CardHeader>
          <div className="flex items-center gap-3">
            <span className="inline-flex size-10 items-center justify-center rounded-full bg-coffee-800 text-amber-100">
              <Shield aria-hidden="true" className="size-5" />
            </span>
            <h1 className="text-2xl font-semibold leading-tight text-coffee-900">Admin Access</h1>
          </div>
          <CardDescription>Sign in with your administrator e-mail and password.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {login.isError && (
            <Alert variant="destructive">
              <AlertDescription>
                {errorMessage(login.error, "Login failed. Please check your credentials.")}
              </AlertDescription>
            </Alert>
          )}
          <form noValidate onSubmit={onSubmit} className="space-y-4">
            <div className="space-y-2">
              <Label htmlFor={emailId}>Email</Label>
              <Input
                id={emailId}
                type="email"
                autoComplete="username"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={errors.email ? `${emailId}-error` : undefined}
              />
              <FieldError id={`${emailId}-error`}>{errors.email}</FieldError>
            </div>
            <div className="space-y-2">
              <Label htmlFor={passwordId}>Password</Label>
              <div className="relative">
                <Input
                  id={passwordId}
                  type={showPassword ? "text" : "password"}
                  autoComplete="current-password"
                  className="pr-12"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  aria-invalid={errors.password ? true : undefined}
                  aria-describedby={errors.password ? `${passwordId}-error` : undefined}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="absolute top-0 right-0"
                  aria-label={showPassword ? "Hide password" : "Show password"}
                  aria-pressed={showPassword}
                  onClick={() => setShowPassword((v) => !v)}
                >
                  {showPassword ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
                </Button>
              </div>
              <FieldError id={`${passwordId}-error`}>{errors.password}</FieldError>
            </div>
            <Button type="submit" className="w-full" disabled={login.isPending || login.isSuccess}>
              {login.isPending ? "Logging in..." : "Login as Admin"}
            </Button>
          </form>
        </CardContent>
      </Card>
    </AuthShell>
  );
}
