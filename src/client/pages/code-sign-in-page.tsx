import { CODE_LENGTH } from "@shared/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { KeyRound, Mail } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { Alert, AlertDescription } from "../components/ui/alert";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../components/ui/card";
import { FieldError, Input } from "../components/ui/input";
import { Label } from "../components/ui/label";
import { AuthShell } from "../features/auth-shell";
import { forgetCodeStep, recallCodeStep, rememberCodeStep } from "../features/code-step-memory";
import { EmailField, useEmailForm, workEmailError } from "../features/email-field";
import { NotWhitelistedHint } from "../features/not-whitelisted-hint";
import { AUTH_USER_QUERY_KEY } from "../features/use-auth";
import { authApi } from "../lib/api/auth";
import { ApiError, errorMessage } from "../lib/api-client";

/** Redirect after a verified code. */
export const CODE_SUCCESS_REDIRECT_MS = 1500;

/** Keeps digits only, at most six. */
export function cleanCode(value: string): string {
  return value.replace(/\D/g, "").slice(0, CODE_LENGTH);
}

/** The 6-digit code sign-in page (/auth/code): e-mail step, then code step. */
export function CodeSignInPage() {
  const queryClient = useQueryClient();
  // A reload after "Send Code" comes back to the code step for the same address.
  const [recalled] = useState(recallCodeStep);
  const [step, setStep] = useState<"email" | "code" | "done">(recalled ? "code" : "email");
  const {
    email,
    setEmail,
    fieldError,
    setFieldError,
    onSubmit: submitEmail,
  } = useEmailForm(workEmailError, (address) => send.mutate(address), recalled ?? "");
  const [code, setCode] = useState("");
  const [formError, setFormError] = useState<string>();
  const [notWhitelisted, setNotWhitelisted] = useState(false);
  const [notice, setNotice] = useState<string>();
  const codeId = useId();
  const errorId = useId();
  const codeInput = useRef<HTMLInputElement>(null);

  const send = useMutation({
    mutationFn: (address: string) => authApi.sendCode(address),
    onSuccess: (_answer, address) => {
      setFormError(undefined);
      setFieldError(undefined);
      setNotWhitelisted(false);
      // The heading already says a code was sent; a notice only confirms a resend.
      setNotice(step === "code" ? `We sent a new code to ${address}.` : undefined);
      rememberCodeStep(address);
      setStep("code");
    },
    onError: (error) => {
      setNotice(undefined);
      setNotWhitelisted(error instanceof ApiError && error.code === "invalid_email");
      setFormError(errorMessage(error, "Failed to send code"));
    },
  });

  const verify = useMutation({
    mutationFn: (value: string) =>
      authApi.verifyCode({
        email: email.trim().toLowerCase(),
        code: value,
      }),
    onSuccess: async () => {
      setFormError(undefined);
      setFieldError(undefined);
      setNotice(undefined);
      setStep("done");
      forgetCodeStep();
      await queryClient.invalidateQueries({ queryKey: AUTH_USER_QUERY_KEY });
      setTimeout(() => window.location.assign("/profile"), CODE_SUCCESS_REDIRECT_MS);
    },
    onError: (error) => {
      // One error, under the code field: no success notice, alert or toast beside it.
      setNotice(undefined);
      setFieldError(errorMessage(error, "Failed to verify code"));
      codeInput.current?.focus();
    },
  });

  useEffect(() => {
    if (step === "code") codeInput.current?.focus();
  }, [step]);

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (!code) return setFieldError("Please enter the 6-digit code");
    if (!/^\d{6}$/.test(code)) return setFieldError("Please enter a valid 6-digit code");
    setFieldError(undefined);
    verify.mutate(code);
  };

  const switchEmail = () => {
    forgetCodeStep();
    setStep("email");
    setCode("");
    setFieldError(undefined);
    setFormError(undefined);
    setNotWhitelisted(false);
    setNotice(undefined);
  };

  return (
    <AuthShell title="Sign in with a code">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-semibold leading-tight text-coffee-900">
            {step === "email"
              ? "Sign in with a code"
              : step === "code"
                ? "Enter your code"
                : "You're signed in!"}
          </h1>
          <CardDescription>
            {step === "email"
              ? "We'll e-mail you a 6-digit code. No password needed."
              : step === "code"
                ? `We sent a 6-digit code to ${email.trim().toLowerCase()}. It is valid for 15 minutes.`
                : "Taking you to your profile..."}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {notice && step === "code" && (
            <Alert variant="success">
              <AlertDescription>{notice}</AlertDescription>
            </Alert>
          )}
          {formError && (
            <Alert variant="destructive">
              <AlertDescription>{formError}</AlertDescription>
            </Alert>
          )}
          {notWhitelisted && <NotWhitelistedHint />}

          {step === "email" && (
            <form noValidate onSubmit={submitEmail} className="space-y-4">
              <EmailField value={email} onChange={setEmail} error={fieldError} />
              <Button type="submit" className="w-full" disabled={send.isPending}>
                <Mail aria-hidden="true" />
                {send.isPending ? "Sending..." : "Send Code"}
              </Button>
            </form>
          )}

          {step === "code" && (
            <form noValidate onSubmit={submitCode} className="space-y-4">
              <div className="space-y-2">
                <Label htmlFor={codeId}>6-digit code</Label>
                <Input
                  ref={codeInput}
                  id={codeId}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="[0-9]*"
                  maxLength={CODE_LENGTH}
                  placeholder="000000"
                  className="text-center text-2xl tracking-[0.5em]"
                  value={code}
                  onChange={(e) => setCode(cleanCode(e.target.value))}
                  aria-invalid={fieldError ? true : undefined}
                  aria-describedby={fieldError ? errorId : undefined}
                />
                <FieldError id={errorId}>{fieldError}</FieldError>
              </div>
              <Button type="submit" className="w-full" disabled={verify.isPending}>
                <KeyRound aria-hidden="true" />
                {verify.isPending ? "Verifying..." : "Verify Code"}
              </Button>
              <div className="flex flex-wrap justify-between gap-2">
                <Button
                  type="button"
                  variant="link"
                  disabled={send.isPending}
                  onClick={() => send.mutate(email.trim().toLowerCase())}
                >
                  Resend Code
                </Button>
                <Button type="button" variant="link" onClick={switchEmail}>
                  Use Different Email
                </Button>
              </div>
            </form>
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
