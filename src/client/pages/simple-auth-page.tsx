import { safeRedirectPath, simpleAuthBodySchema } from "@shared/auth";
import { SAMPLE_DOMAIN } from "@shared/sample-domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import { Alert, AlertDescription } from "../components/ui/alert";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../components/ui/card";
import { AuthShell } from "../features/auth-shell";
import { EmailField, useEmailForm } from "../features/email-field";
import { AUTH_USER_QUERY_KEY } from "../features/use-auth";
import { authApi } from "../lib/api/auth";
import { errorMessage } from "../lib/api-client";

/**
 * Simple test access page (/simple-auth, DEMO only): e-mail only, then the profile. A refusal
 * (an admin's account, or one someone has proven) is said beside the field, with what to do.
 */
export function SimpleAuthPage() {
  const queryClient = useQueryClient();
  const { form, email, fieldError } = useEmailForm(simpleAuthBodySchema.pick({ email: true }));

  const access = useMutation({
    mutationFn: (address: string) => authApi.simpleAuth(address),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: AUTH_USER_QUERY_KEY });
      window.location.assign(safeRedirectPath(answer?.redirectTo) ?? "/profile");
    },
  });

  return (
    <AuthShell title="Quick Test Access">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-semibold leading-tight text-coffee-900">
            Quick Test Access
          </h1>
          <CardDescription>
            Enter your work e-mail to look around. You'll confirm your address with a code before
            you're matched. To see Cup of Joe as someone of the sample company, enter their @
            {SAMPLE_DOMAIN} address.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <form
            noValidate
            onSubmit={form.handleSubmit((values) => access.mutate(values.email))}
            className="space-y-4"
          >
            <EmailField registration={email} error={fieldError} />
            {access.isError && (
              <Alert variant="destructive">
                <AlertDescription>
                  {errorMessage(access.error, "Authentication failed")}
                </AlertDescription>
              </Alert>
            )}
            <Button type="submit" className="w-full" disabled={access.isPending}>
              {access.isPending ? "Signing in..." : "Go to Profile"}
            </Button>
          </form>
          <p className="text-center text-sm">
            <Link to="/auth" className="font-medium text-coffee-900 underline underline-offset-4">
              Use Magic Link Instead
            </Link>
          </p>
        </CardContent>
      </Card>
    </AuthShell>
  );
}
