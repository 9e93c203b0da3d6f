import { signInEmailSchema } from "@shared/sign-in-email";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Mail } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { Alert, AlertDescription } from "../components/ui/alert";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../components/ui/card";
import { EmailAddress } from "../components/ui/email-address";
import { Spinner } from "../components/ui/spinner";
import { AuthShell } from "../features/auth-shell";
import { forgetCodeStep, recallCodeStep, rememberCodeStep } from "../features/code-step-memory";
import { EmailField, useEmailForm } from "../features/email-field";
import { NotWhitelistedHint } from "../features/not-whitelisted-hint";
import { CodeSentNote } from "../features/sign-in/code-sent-note";
import { AUTH_USER_QUERY_KEY } from "../features/use-auth";
import { authApi } from "../lib/api/auth";
import { ApiError, errorMessage } from "../lib/api-client";

// The code form loads once a code is on its way, keeping the first step within its page budget
// (docs/performance.md, page budgets).
const CodeStep = lazy(async () => ({
  default: (await import("../features/sign-in/code-step")).CodeStep,
}));

/** Redirect after a verified code. */
export const CODE_SUCCESS_REDIRECT_MS = 1500;

type Step = "email" | "code" | "done";

const headings: Record<Step, string> = {
  email: "Sign in with a code",
  code: "Enter your code",
  done: "You're signed in!",
};

/** The code sign-in's state: the step, the address the code went to, and what to tell. */
function useCodeSignIn() {
  const queryClient = useQueryClient();
  // A reload after "Send Code" comes back to the code step for the same address.
  const [recalled] = useState(() => recallCodeStep());
  const [step, setStep] = useState<Step>(recalled ? "code" : "email");
  const [address, setAddress] = useState(recalled?.email ?? "");
  // When the code went: the code step says it has expired once its minutes are over.
  const [sentAt, setSentAt] = useState(recalled?.sentAt ?? null);
  const [sends, setSends] = useState(0);
  const [formError, setFormError] = useState<string>();
  const [notWhitelisted, setNotWhitelisted] = useState(false);
  // The address a new code went to, confirmed under the heading after a resend.
  const [resentTo, setResentTo] = useState<string>();

  const send = useMutation({
    mutationFn: (to: string) => authApi.sendCode(to),
    onSuccess: (_answer, to) => {
      setFormError(undefined);
      setNotWhitelisted(false);
      // The heading already says a code was sent; a notice only confirms a resend.
      setResentTo(step === "code" ? to : undefined);
      const at = Date.now();
      rememberCodeStep(to, at);
      setAddress(to);
      setSentAt(at);
      setSends((count) => count + 1);
      setStep("code");
    },
    onError: (error) => {
      setResentTo(undefined);
      setNotWhitelisted(error instanceof ApiError && error.code === "invalid_email");
      setFormError(errorMessage(error, "Failed to send code"));
    },
  });

  const onVerified = async () => {
    setFormError(undefined);
    setResentTo(undefined);
    setStep("done");
    forgetCodeStep();
    await queryClient.invalidateQueries({ queryKey: AUTH_USER_QUERY_KEY });
    setTimeout(() => window.location.assign("/profile"), CODE_SUCCESS_REDIRECT_MS);
  };

  const switchEmail = () => {
    forgetCodeStep();
    setStep("email");
    setFormError(undefined);
    setNotWhitelisted(false);
    setResentTo(undefined);
  };

  const clearNotice = () => setResentTo(undefined);
  return {
    step,
    address,
    sentAt,
    sends,
    formError,
    notWhitelisted,
    resentTo,
    send,
    onVerified,
    switchEmail,
    clearNotice,
  };
}

/** The e-mail step: the address, checked with the sign-in schema, then Send Code. */
function EmailStep({
  initialEmail,
  sending,
  onSend,
}: {
  initialEmail: string;
  sending: boolean;
  onSend: (email: string) => void;
}) {
  const { form, email, fieldError } = useEmailForm(signInEmailSchema, initialEmail);
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => onSend(values.email))}
      className="space-y-4"
    >
      <EmailField registration={email} error={fieldError} />
      <Button type="submit" className="w-full" disabled={sending}>
        <Mail aria-hidden="true" />
        {sending ? "Sending..." : "Send Code"}
      </Button>
    </form>
  );
}

/** The 6-digit code sign-in page (/auth/code): e-mail step, then code step. */
export function CodeSignInPage() {
  const signIn = useCodeSignIn();
  const { step, address, send } = signIn;
  return (
    <AuthShell title="Sign in with a code">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-semibold leading-tight text-coffee-900">{headings[step]}</h1>
          <CardDescription>
            {step === "email" ? (
              "We'll e-mail you a 6-digit code. No password needed."
            ) : step === "code" ? (
              <CodeSentNote email={address} sentAt={signIn.sentAt} now={Date.now()} />
            ) : (
              "Taking you to your profile..."
            )}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {signIn.resentTo && step === "code" && (
            <Alert variant="success">
              <AlertDescription>
                We sent a new code to <EmailAddress email={signIn.resentTo} />.
              </AlertDescription>
            </Alert>
          )}
          {signIn.formError && (
            <Alert variant="destructive">
              <AlertDescription>{signIn.formError}</AlertDescription>
            </Alert>
          )}
          {signIn.notWhitelisted && <NotWhitelistedHint />}
          {step === "email" && (
            <EmailStep initialEmail={address} sending={send.isPending} onSend={send.mutate} />
          )}
          {step === "code" && (
            <Suspense fallback={<Spinner label="Loading the code form" />}>
              <CodeStep
                email={address}
                sends={signIn.sends}
                resending={send.isPending}
                onResend={() => send.mutate(address)}
                onSwitchEmail={signIn.switchEmail}
                onFailed={signIn.clearNotice}
                onVerified={signIn.onVerified}
              />
            </Suspense>
          )}
          <p className="text-center text-sm text-coffee-700">
            <Link to="/auth" className="font-medium text-coffee-900 underline underline-offset-4">
              Use Magic Link Instead
            </Link>
          </p>
        </CardContent>
      </Card>
    </AuthShell>
  );
}
