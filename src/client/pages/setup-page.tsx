import { zodResolver } from "@hookform/resolvers/zod";
import { type SetupBody, setupBodySchema } from "@shared/setup";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { Link, useSearchParams } from "react-router";
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

/** First start (/setup?token=…): the first admin's e-mail and password, from the printed address. */
export function SetupPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const status = useQuery({
    queryKey: authKeys.setup,
    queryFn: ({ signal }) => authApi.setupStatus(signal),
  });
  return (
    <AuthShell title="Set up Cup of Joe">
      <Card>
        <CardHeader>
          <div className="flex items-center gap-3">
            <span className="inline-flex size-10 items-center justify-center rounded-full bg-coffee-800 text-amber-100">
              <KeyRound aria-hidden="true" className="size-5" />
            </span>
            <h1 className="text-2xl font-semibold leading-tight text-coffee-900">
              Set up Cup of Joe
            </h1>
          </div>
          <CardDescription>
            Create the first admin account. You will run the programme from the admin dashboard:
            your company's e-mail domains, departments, the monthly schedule and the invitation to
            everyone.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {status.data?.needed === false ? (
            <Alert>
              <AlertDescription>
                This install already has an admin.{" "}
                <Link to="/admin-login" className="font-medium underline">
                  Sign in as admin
                </Link>
                .
              </AlertDescription>
            </Alert>
          ) : token ? (
            <SetupForm token={token} />
          ) : (
            <Alert variant="destructive">
              <AlertDescription>
                This page needs the setup address printed in the server's console at start (it ends
                with <code>?token=…</code>). Restart the server to print a new one, or run{" "}
                <code>npm run admin -- create EMAIL</code>.
              </AlertDescription>
            </Alert>
          )}
        </CardContent>
      </Card>
    </AuthShell>
  );
}

function SetupForm({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const emailId = useId();
  const form = useForm<SetupBody>({
    resolver: zodResolver(setupBodySchema),
    defaultValues: { token, email: "", password: "" },
  });
  const errors = form.formState.errors;
  const setup = useMutation({
    mutationFn: (body: SetupBody) => authApi.setup(body),
    onSuccess: (answer) => {
      queryClient.setQueryData(AUTH_USER_QUERY_KEY, answer.user);
      window.location.assign(answer.redirectTo ?? "/admin");
    },
  });
  return (
    <>
      {setup.isError && (
        <Alert variant="destructive">
          <AlertDescription>{errorMessage(setup.error, "Setup failed.")}</AlertDescription>
        </Alert>
      )}
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => setup.mutate(values))}
        className="space-y-4"
      >
        <div className="space-y-2">
          <Label htmlFor={emailId}>Your e-mail</Label>
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
          autoComplete="new-password"
          hint="At least 12 characters. You will sign in with it at /admin-login."
        />
        {errors.token && <FieldError>{errors.token.message}</FieldError>}
        <Button type="submit" className="w-full" disabled={setup.isPending || setup.isSuccess}>
          {setup.isPending ? "Creating..." : "Create admin and continue"}
        </Button>
      </form>
    </>
  );
}
