import { EMAIL_SHAPE } from "@shared/auth";
import { type FormEvent, useId, useState } from "react";
import { FieldError, Input } from "../components/ui/input";
import { Label } from "../components/ui/label";

/** The sign-in forms' check of a trimmed, lower-cased address; undefined when fine. */
export function workEmailError(address: string): string | undefined {
  if (!address) return "Please enter your email address";
  if (!EMAIL_SHAPE.test(address)) return "Please enter a valid email address";
  return undefined;
}

/**
 * An e-mail form's state: the typed value, its error line, and a submit handler that trims and
 * lower-cases the address, shows what `check` says about it, and calls `onValid` only when that
 * is nothing.
 */
export function useEmailForm(
  check: (address: string) => string | undefined,
  onValid: (address: string) => void,
  initialEmail = "",
) {
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    const problem = check(address);
    setFieldError(problem);
    if (!problem) onValid(address);
  };
  return { email, setEmail, fieldError, setFieldError, onSubmit };
}

/** The sign-in forms' "Work email" input with its error line. */
export function EmailField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
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
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
