import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";

/** One name field with its button and, beside it, the server's answer when it refused. */
export function AddNameForm({
  label,
  button,
  maxLength,
  error,
  busy,
  onAdd,
}: {
  label: string;
  button: string;
  maxLength: number;
  error: string | null;
  busy: boolean;
  /** Resolves true when the name was kept, so the field clears. */
  onAdd: (name: string) => Promise<boolean>;
}) {
  const id = useId();
  const [name, setName] = useState("");
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await onAdd(name.trim())) setName("");
  };
  return (
    <form onSubmit={submit} className="grid gap-2 sm:max-w-lg">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id={id}
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={maxLength}
          required
          className="min-w-0 flex-1"
          aria-invalid={error !== null}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <Button type="submit" disabled={busy}>
          {button}
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
