import { EMAIL_SHAPE } from "@shared/auth";
import { useId } from "react";
import { FieldError, Input } from "../components/ui/input";
import { Label } from "../components/ui/label";

/** The sign-in forms' check of a trimmed, lower-cased address; undefined when fine. */
export function workEmailError(address: string): string | undefined {
  if (!address) return "Please enter your email address";
  if (!EMAIL_SHAPE.test(address)) return "Please enter a valid email address";
  return undefined;
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
