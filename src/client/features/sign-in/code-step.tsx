import { zodResolver } from "@hookform/resolvers/zod";
import { CODE_LENGTH, verifyCodeBodySchema } from "@shared/auth";
import { useMutation } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { useForm } from "react-hook-form";
import { Button } from "../../components/ui/button";
import { FieldError, Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { authApi } from "../../lib/api/auth";
import { errorMessage } from "../../lib/api-client";

const codeFormSchema = verifyCodeBodySchema.pick({ code: true });

/** Keeps digits only, at most six. */
export function cleanCode(value: string): string {
  return value.replace(/\D/g, "").slice(0, CODE_LENGTH);
}

/**
 * The code step of /auth/code: the 6-digit code (checked with the server's schema, the server's
 * refusal shown under the field), Verify Code, Resend Code and Use Different Email. `sends`
 * counts the codes sent: a new one clears the field's message.
 */
export function CodeStep({
  email,
  sends,
  resending,
  onResend,
  onSwitchEmail,
  onFailed,
  onVerified,
}: {
  email: string;
  sends: number;
  resending: boolean;
  onResend: () => void;
  onSwitchEmail: () => void;
  onFailed: () => void;
  onVerified: () => void;
}) {
  const codeId = useId();
  const errorId = useId();
  const { input, form, verify } = useCodeVerification({ email, sends, onFailed, onVerified });

  const code = form.watch("code");
  const fieldError = form.formState.errors.code?.message;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => verify.mutate(values.code))}
      className="space-y-4"
    >
      <div className="space-y-2">
        <Label htmlFor={codeId}>6-digit code</Label>
        <Input
          ref={input}
          id={codeId}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={CODE_LENGTH}
          placeholder="000000"
          className="text-center text-2xl tracking-[0.5em]"
          value={code}
          onChange={(e) =>
            form.setValue("code", cleanCode(e.target.value), {
              shouldValidate: form.formState.isSubmitted,
            })
          }
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? errorId : undefined}
        />
        <FieldError id={errorId}>{fieldError}</FieldError>
      </div>
      <Button type="submit" className="w-full" disabled={verify.isPending}>
        <KeyRound aria-hidden="true" />
        {verify.isPending ? "Verifying..." : "Verify Code"}
      </Button>
      {/* Outline buttons, as "Resend Code" on the profile's code check and "Use Different Email"
          after a magic link: as links without an underline they read as plain text. */}
      <div className="grid gap-2 sm:grid-cols-2">
        <Button type="button" variant="outline" disabled={resending} onClick={onResend}>
          Resend Code
        </Button>
        <Button type="button" variant="outline" onClick={onSwitchEmail}>
          Use Different Email
        </Button>
      </div>
    </form>
  );
}

/** The code form and its check; a new code clears the message, a refusal refocuses the field. */
function useCodeVerification({
  email,
  sends,
  onFailed,
  onVerified,
}: {
  email: string;
  sends: number;
  onFailed: () => void;
  onVerified: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const form = useForm({ resolver: zodResolver(codeFormSchema), defaultValues: { code: "" } });
  const verify = useMutation({
    mutationFn: (code: string) => authApi.verifyCode({ email, code }),
    onSuccess: onVerified,
    onError: (error) => {
      // One error, under the code field: no success notice, alert or toast beside it.
      onFailed();
      form.setError("code", { message: errorMessage(error, "Failed to verify code") });
      input.current?.focus();
    },
  });
  const { clearErrors } = form;
  useEffect(() => {
    if (sends > 0) clearErrors();
  }, [sends, clearErrors]);
  useEffect(() => input.current?.focus(), []);
  return { input, form, verify };
}
