import { signInEmailSchema } from "@shared/sign-in-email";
import { ssoErrorMessage } from "@shared/sso";
import { useMutation } from "@tanstack/react-query";
import { Mail, ShieldCheck, Sparkles, Users } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Alert, AlertDescription } from "../components/ui/alert";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { getAuthPageErrorMessage } from "../features/auth-error-messages";
import { AuthShell } from "../features/auth-shell";
import { EmailField, useEmailForm } from "../features/email-field";
import { NotWhitelistedHint } from "../features/not-whitelisted-hint";
import { SsoSignIn, useSignInMethods } from "../features/sign-in/sso-sign-in";
import { authApi } from "../lib/api/auth";
import { ApiError } from "../lib/api-client";

const features = [
  {
    icon: ShieldCheck,
    title: "Secure sign-in",
    text: "No passwords: we e-mail you a one-time link.",
  },
  { icon: Users, title: "Meet colleagues", text: "Get paired with someone new every month." },
  {
    icon: Sparkles,
    title: "Conversation sparks",
    text: "Each match comes with ideas to break the ice.",
  },
];

/** The magic-link failure text. */
function magicLinkFailure(error: unknown): string {
  const base =
    error instanceof Error && error.message ? error.message : "Failed to send magic link.";
  const body =
    error instanceof ApiError ? (error.body as { requiresWait?: number } | undefined) : undefined;
  const wait = body?.requiresWait;
  return wait ? `${base} Please wait ${minutes(wait)} before requesting another link.` : base;
}

function minutes(count: number): string {
  return count === 1 ? "1 minute" : `${count} minutes`;
}

/** Magic-link sign-in landing page (/auth). */
export function AuthPage() {
  const [params] = useSearchParams();
  const errorCode = params.get("error");
  const ssoError = ssoErrorMessage(params.get("sso_error"));
  return (
    <AuthShell title="Sign in" wide>
      <div className="mb-6 space-y-2 md:mb-8">
        <h1 className="text-3xl font-bold tracking-tight text-coffee-950">Welcome to Cup of Joe</h1>
        <p className="text-coffee-700">
          Sign in with your work e-mail to get matched with a colleague for a coffee chat every
          month.
        </p>
      </div>
      {/* The form comes first, so on a phone it is above the fold; beside the blurbs on wide screens. */}
      <div className="grid items-start gap-8 md:grid-cols-2">
        <MagicLinkCard errorCode={errorCode} ssoError={ssoError} />
        <WhyCupOfJoe />
      </div>
    </AuthShell>
  );
}

/** Beside the form on wide screens: what the app does, in three points (no invented figures). */
function WhyCupOfJoe() {
  return (
    <section aria-label="Why Cup of Joe" className="space-y-6">
      <ul className="space-y-4">
        {features.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-3">
            <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-coffee-100 text-coffee-800">
              <Icon aria-hidden="true" className="size-4" />
            </span>
            <span>
              <span className="block font-semibold text-coffee-900">{title}</span>
              <span className="text-sm text-coffee-700">{text}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Once the link is sent: how it works, and a way back to the form. */
function LinkSent({ onReset }: { onReset: () => void }) {
  return (
    <div className="space-y-4">
      <Alert variant="success">
        <AlertDescription>
          Click the link in the e-mail to sign in. It is valid for 24 hours and works once.
        </AlertDescription>
      </Alert>
      <Button variant="outline" className="w-full" onClick={onReset}>
        Use Different Email
      </Button>
    </div>
  );
}

/** The magic-link form, and once sent, where the link went. */
function MagicLinkCard({
  errorCode,
  ssoError,
}: {
  errorCode: string | null;
  ssoError: string | null;
}) {
  const { form, email, fieldError } = useEmailForm(signInEmailSchema);
  const methods = useSignInMethods();
  const emailOn = methods?.emailSignIn !== false;
  const [sentTo, setSentTo] = useState<string>();

  const send = useMutation({
    mutationFn: (address: string) => authApi.requestMagicLink(address),
    onSuccess: (_answer, address) => setSentTo(address),
  });

  const reset = () => {
    setSentTo(undefined);
    form.reset({ email: "" });
    send.reset();
  };

  return (
    <Card className="md:order-last">
      <CardHeader>
        <CardTitle as="h2">{sentTo ? "Check your email" : "Sign in or sign up"}</CardTitle>
        <CardDescription>
          {sentTo
            ? `We sent a sign-in link to ${sentTo}.`
            : "We'll e-mail you a magic link to sign in."}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {errorCode ? (
          <Alert variant="destructive">
            <AlertDescription>{getAuthPageErrorMessage(errorCode)}</AlertDescription>
          </Alert>
        ) : null}
        {ssoError ? (
          <Alert variant="destructive">
            <AlertDescription>{ssoError}</AlertDescription>
          </Alert>
        ) : null}
        {sentTo ? null : <SsoSignIn methods={methods} />}

        {!emailOn ? null : sentTo ? (
          <LinkSent onReset={reset} />
        ) : (
          <form
            noValidate
            onSubmit={form.handleSubmit((values) => send.mutate(values.email))}
            className="space-y-4"
          >
            <EmailField registration={email} error={fieldError} />
            {send.isError && (
              <Alert variant="destructive">
                <AlertDescription>{magicLinkFailure(send.error)}</AlertDescription>
              </Alert>
            )}
            {send.error instanceof ApiError && send.error.code === "invalid_email" && (
              <NotWhitelistedHint />
            )}
            <Button type="submit" className="w-full" disabled={send.isPending}>
              <Mail aria-hidden="true" />
              {send.isPending ? "Sending..." : "Send Magic Link"}
            </Button>
          </form>
        )}
        <p className={emailOn ? "text-center text-sm text-coffee-700" : "hidden"}>
          Prefer a code?{" "}
          <Link
            to="/auth/code"
            className="font-medium text-coffee-900 underline underline-offset-4"
          >
            Sign in with a 6-digit code
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}
