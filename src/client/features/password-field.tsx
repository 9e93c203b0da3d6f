import { Eye, EyeOff } from "lucide-react";
import { useId, useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Button } from "../components/ui/button";
import { FieldError, Input } from "../components/ui/input";
import { Label } from "../components/ui/label";

/** The password with its Show/Hide button and error line. */
export function PasswordField({
  registration,
  error,
  autoComplete = "current-password",
  hint,
}: {
  registration: UseFormRegisterReturn;
  error?: string;
  autoComplete?: "current-password" | "new-password";
  hint?: string;
}) {
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>Password</Label>
      <div className="relative">
        <Input
          id={id}
          type={shown ? "text" : "password"}
          autoComplete={autoComplete}
          className="pr-12"
          aria-invalid={error ? true : undefined}
          aria-describedby={
            [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].join(" ").trim() || undefined
          }
          {...registration}
        />
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="absolute top-0 right-0"
          aria-label={shown ? "Hide password" : "Show password"}
          aria-pressed={shown}
          onClick={() => setShown((v) => !v)}
        >
          {shown ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
        </Button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-coffee-700">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
