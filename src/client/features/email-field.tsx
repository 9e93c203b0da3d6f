import { zodResolver } from "@hookform/resolvers/zod";
import { type ComponentProps, useId } from "react";
import { type UseFormRegisterReturn, useForm } from "react-hook-form";
import type { z } from "zod";
import { FieldError, Input } from "../components/ui/input";
import { Label } from "../components/ui/label";

type EmailValues = { email: string };

/** How an e-mail form reads the typed address: trimmed and lower-cased, as the server keeps it. */
export const emailFieldOptions = {
  setValueAs: (value: unknown) =>
    String(value ?? "")
      .trim()
      .toLowerCase(),
};

/**
 * A one-address form (react-hook-form) checked with `schema` from src/shared: `email` registers
 * the input (trimmed and lower-cased), `fieldError` is the schema's message after a submit.
 */
export function useEmailForm(schema: z.ZodType<EmailValues, EmailValues>, initialEmail = "") {
  const form = useForm<EmailValues>({
    resolver: zodResolver(schema),
    defaultValues: { email: initialEmail },
  });
  return {
    form,
    email: form.register("email", emailFieldOptions),
    fieldError: form.formState.errors.email?.message,
  };
}

/** The sign-in forms' "Work email" input with its error line. */
export function EmailField({
  registration,
  error,
  ...props
}: Omit<ComponentProps<typeof Input>, keyof UseFormRegisterReturn> & {
  registration: UseFormRegisterReturn;
  error?: string;
}) {
  const id = useId();
  const errorId = useId();
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>Work email</Label>
      <Input
        id={id}
        type="email"
        autoComplete="email"
        placeholder="you@company.com"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...props}
        {...registration}
      />
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
