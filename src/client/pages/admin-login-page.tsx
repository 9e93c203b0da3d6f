import { zodResolver } from "@hookform/resolvers/zod";
import { type AdminSignInBody, adminSignInBodySchema, EMAIL_SHAPE } from "@shared/auth";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Shield } from "lucide-react";
import { lazy, Suspense, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Alert, AlertDescription } from "../components/ui/alert";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../components/ui/card";
import { FieldError, Input } from "../components/ui/input";
import { Label } from "../components/ui/label";
import { AuthShell } from "../features/auth-shell";
import { emailFieldOptions } from "../features/email-field";
import { PasswordField } from "../features/password-field";
import { AUTH_USER_QUERY_KEY } from "../features/use-auth";
import { authApi, authKeys } from "../lib/api/auth";
import { errorMessage } from "../lib/api-client";

// Loaded when asked for: the sign-in's own script stays within its budget.
const AdminForgotPassword = lazy(async () => ({
  default: (await import("../features/admin-forgot-password")).AdminForgotPassword,
}));

/** Delay before going to /admin after signing in. */
export const ADMIN_LOGIN_REDIRECT_MS = 100;

/** The server's sign-in schema, with the shape of an address checked before a request. */
const adminLoginSchema = adminSignInBodySchema.extend({
  email: adminSignInBodySchema.shape.email.regex(EMAIL_SHAPE, {
    error: "Please enter a valid email address",
  }),
});

/** Admin login (/admin-login). */
export function AdminLoginPage() {
  const queryClient = useQueryClient();
  const emailId = useId();
  const form = useForm<AdminSignInBody>({
    resolver: zodResolver(adminLoginSchema),
    defaultValues: { email: "", password: "" },
  });
  const errors = form.formState.errors;
  const [forgot, setForgot] = useState(false);

  const setup = useQuery({
    queryKey: authKeys.setup,
    queryFn: ({ signal }) => authApi.setupStatus(signal),
  });

  const login = useMutation({
    mutationFn: (body: AdminSignInBody) => authApi.adminSignIn(body),
    onSuccess: (answer) => {
      queryClient.setQueryData(AUTH_USER_QUERY_KEY, answer.user);
      setTimeout(() => window.location.assign("/admin"), ADMIN_LOGIN_REDIRECT_MS);
    },
  });

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
          {setup.data?.needed && (
            <Alert>
              <AlertDescription>
                This install has no admin yet. Open the setup address printed in the server's
                console at start (<code>/setup?token=…</code>), or run{" "}
                <code>npm run admin -- create EMAIL</code>.
              </AlertDescription>
            </Alert>
          )}
          {forgot ? (
            <Suspense fallback={<p role="status">Loading…</p>}>
              <AdminForgotPassword
                initialEmail={form.getValues("email")}
                onBack={() => setForgot(false)}
              />
            </Suspense>
          ) : (
            <>
              {login.isError && (
                <Alert variant="destructive">
                  <AlertDescription>
                    {errorMessage(login.error, "Login failed. Please check your credentials.")}
                  </AlertDescription>
                </Alert>
              )}
              <form
                noValidate
                onSubmit={form.handleSubmit((values) => login.mutate(values))}
                className="space-y-4"
              >
                <div className="space-y-2">
                  <Label htmlFor={emailId}>Email</Label>
                  <Input
                    id={emailId}
                    type="email"
                    autoComplete="username"
                    aria-invalid={errors.email ? true : undefined}
                    aria-describedby={errors.email ? `${emailId}-error` : undefined}
                    {...form.register("email", emailFieldOptions)}
                  />
                  <FieldError id={`${emailId}-error`}>{errors.email?.message}</FieldError>
                </div>
                <PasswordField
                  registration={form.register("password")}
                  error={errors.password?.message}
                />
                <Button
                  type="submit"
                  className="w-full"
                  disabled={login.isPending || login.isSuccess}
                >
                  {login.isPending ? "Logging in..." : "Login as Admin"}
                </Button>
              </form>
              {/* An outline button, as the code step's Resend Code: as a link without an
                  underline it read as plain text. */}
              <Button
                type="button"
                variant="outline"
                className="w-full"
                onClick={() => setForgot(true)}
              >
                Forgot your password?
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </AuthShell>
  );
}
