import { zodResolver } from "@hookform/resolvers/zod";
import { verifyCodeBodySchema } from "@shared/auth";
import { MailCheck } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card";
import { EmailAddress } from "../../components/ui/email-address";
import { FieldError, Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { toast } from "../../components/ui/toast";
import { authApi } from "../../lib/api/auth";
import { errorMessage } from "../../lib/api-client";
import { cleanCode } from "../sign-in/code-step";
import type { AuthUser } from "../use-auth";

const codeFormSchema = verifyCodeBodySchema.pick({ code: true });

/** Profile step 3: the signed-in address is not validated yet; enter the e-mailed code. */
export function CheckEmailScreen({ user, onRefetch }: { user: AuthUser; onRefetch: () => void }) {
  const codeId = useId();
  const { form, busy, sent, verify, resend } = useEmailCheck(user, onRefetch);
  const code = form.watch("code");
  const error = form.formState.errors.code?.message;

  return (
    <Card className="mx-auto max-w-md">
      <CardHeader className="items-center text-center">
        <MailCheck aria-hidden="true" className="size-10 text-amber-700" />
        <h1 className="font-semibold leading-tight text-coffee-950 text-2xl">Check Your Email</h1>
        <CardDescription className="text-base">
          We sent a 6-digit verification code to{" "}
          <strong className="text-coffee-900">
            <EmailAddress email={user.email} />
          </strong>
          . Enter it below to confirm your address.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form noValidate onSubmit={form.handleSubmit(verify)} className="grid gap-3">
          <Label htmlFor={codeId}>Verification code</Label>
          <Input
            id={codeId}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${codeId}-error` : undefined}
            onChange={(event) =>
              form.setValue("code", cleanCode(event.target.value), {
                shouldValidate: form.formState.isSubmitted,
              })
            }
            className="text-center text-lg tracking-[0.5em]"
          />
          <FieldError id={`${codeId}-error`} role="alert">
            {error}
          </FieldError>
          {/* The one action of the screen (the spec's "I've Entered My Code"): it checks the code,
              then reads the user again; a second button that only re-read it looked the same. */}
          <Button type="submit" disabled={busy !== null}>
            {busy === "verify" ? "Verifying..." : "I've Entered My Code"}
          </Button>
        </form>
        {sent && <Alert variant="success">{sent}</Alert>}
        <Button variant="outline" disabled={busy !== null} onClick={resend}>
          {busy === "send" ? "Sending..." : "Resend Code"}
        </Button>
      </CardContent>
    </Card>
  );
}

/** Verifying the code and sending a new one; `busy` says which is under way. */
function useEmailCheck(user: AuthUser, onRefetch: () => void) {
  const form = useForm({ resolver: zodResolver(codeFormSchema), defaultValues: { code: "" } });
  const [busy, setBusy] = useState<"verify" | "send" | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  async function verify(values: { code: string }) {
    setBusy("verify");
    try {
      await authApi.verifyCode({ email: user.email, code: values.code });
      onRefetch();
    } catch (failure) {
      form.setError("code", { message: errorMessage(failure, "Failed to verify code") });
    } finally {
      setBusy(null);
    }
  }

  async function resend() {
    setBusy("send");
    setSent(null);
    try {
      const result = await authApi.sendCode(user.email);
      setSent(result?.message ?? "We sent you a new code.");
    } catch (failure) {
      toast({
        variant: "destructive",
        title: "Error",
        description: errorMessage(failure, "Failed to send code"),
      });
    } finally {
      setBusy(null);
    }
  }
  return { form, busy, sent, verify, resend };
}
