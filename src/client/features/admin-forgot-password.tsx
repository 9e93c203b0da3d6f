import { forgotPasswordSchema } from "@shared/admin-accounts";
import { useMutation } from "@tanstack/react-query";
import { useId } from "react";
import { Alert, AlertDescription } from "../components/ui/alert";
import { Button } from "../components/ui/button";
import { FieldError, Input } from "../components/ui/input";
import { Label } from "../components/ui/label";
import { adminAccountsApi } from "../lib/api/admin-accounts";
import { errorMessage } from "../lib/api-client";
import { useEmailForm } from "./email-field";

/**
 * "Forgot your password?" on the admin sign-in (docs/sign-in.md, "Set-password links"): the
 * address, then the server's one answer, the same whether or not it is an admin's. The e-mailed
 * link opens /set-password, whose form (a POST) sets the new password.
 */
export function AdminForgotPassword({
  initialEmail,
  onBack,
}: {
  initialEmail: string;
  onBack: () => void;
}) {
  const id = useId();
  const { form, email, fieldError } = useEmailForm(forgotPasswordSchema, initialEmail);
  const ask = useMutation({ mutationFn: adminAccountsApi.forgotPassword });
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-coffee-900">
        Forgot your password?
      </h2>
      {ask.isSuccess ? (
        <Alert>
          <AlertDescription>{ask.data.message}</AlertDescription>
        </Alert>
      ) : (
        <form
          noValidate
          onSubmit={form.handleSubmit((values) => ask.mutate(values))}
          className="space-y-4"
        >
          <p className="text-sm text-coffee-700">
            Enter your admin e-mail address. We send a link to choose a new password; your current
            password keeps working until you use it.
          </p>
          {ask.isError && (
            <Alert variant="destructive">
              <AlertDescription>{errorMessage(ask.error, "Please try again.")}</AlertDescription>
            </Alert>
          )}
          <div className="space-y-2">
            <Label htmlFor={`${id}-email`}>Email</Label>
            <Input
              id={`${id}-email`}
              type="email"
              autoComplete="username"
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? `${id}-error` : undefined}
              {...email}
            />
            <FieldError id={`${id}-error`}>{fieldError}</FieldError>
          </div>
          <Button type="submit" className="w-full" disabled={ask.isPending}>
            {ask.isPending ? "Sending..." : "Send Link"}
          </Button>
        </form>
      )}
      <Button type="button" variant="outline" className="w-full" onClick={onBack}>
        Back to admin sign-in
      </Button>
    </section>
  );
}
