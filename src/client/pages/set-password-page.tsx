import { zodResolver } from "@hookform/resolvers/zod";
import { type SetPasswordInput, setPasswordSchema } from "@shared/admin-accounts";
import { useMutation } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useForm } from "react-hook-form";
import { Link, useSearchParams } from "react-router";
import { Alert, AlertDescription } from "../components/ui/alert";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../components/ui/card";
import { FieldError } from "../components/ui/input";
import { AuthShell } from "../features/auth-shell";
import { PasswordField } from "../features/password-field";
import { adminAccountsApi } from "../lib/api/admin-accounts";
import { errorMessage } from "../lib/api-client";

/**
 * An admin's set-password link (/set-password?token=…, docs/sign-in.md): opening it only shows
 * this form, since mail scanners open links; the password is set by the form's POST.
 */
export function SetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  return (
    <AuthShell title="Choose your admin password">
      <Card>
        <CardHeader>
          <div className="flex items-center gap-3">
            <span className="inline-flex size-10 items-center justify-center rounded-full bg-coffee-800 text-amber-100">
              <KeyRound aria-hidden="true" className="size-5" />
            </span>
            <h1 className="text-2xl font-semibold leading-tight text-coffee-900">
              Choose your admin password
            </h1>
          </div>
          <CardDescription>
            You will sign in with your e-mail address and this password at the admin sign-in page.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {token ? (
            <SetPasswordForm token={token} />
          ) : (
            <Alert variant="destructive">
              <AlertDescription>
                This page needs the whole link from your e-mail (it ends with <code>?token=…</code>
                ). Ask another admin to send you a new one.
              </AlertDescription>
            </Alert>
          )}
        </CardContent>
      </Card>
    </AuthShell>
  );
}

function SetPasswordForm({ token }: { token: string }) {
  const form = useForm<SetPasswordInput>({
    resolver: zodResolver(setPasswordSchema),
    defaultValues: { token, password: "" },
  });
  const errors = form.formState.errors;
  const save = useMutation({
    mutationFn: (body: SetPasswordInput) => adminAccountsApi.setPassword(body),
  });
  if (save.isSuccess) {
    return (
      <Alert>
        <AlertDescription>
          {save.data.message}{" "}
          <Link to="/admin-login" className="font-medium underline">
            Sign in as admin
          </Link>
          .
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <>
      {save.isError && (
        <Alert variant="destructive">
          <AlertDescription>
            {errorMessage(save.error, "The password could not be set.")}
          </AlertDescription>
        </Alert>
      )}
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => save.mutate(values))}
        className="space-y-4"
      >
        <PasswordField
          registration={form.register("password")}
          error={errors.password?.message}
          autoComplete="new-password"
          hint="At least 12 characters."
        />
        {errors.token && <FieldError>{errors.token.message}</FieldError>}
        <Button type="submit" className="w-full" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Set Password"}
        </Button>
      </form>
    </>
  );
}
