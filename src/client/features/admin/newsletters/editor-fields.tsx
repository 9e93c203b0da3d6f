import { Plus, X } from "lucide-react";
import { type ReactNode, useId } from "react";
import { useFieldArray } from "react-hook-form";
import { Button } from "../../../components/ui/button";
import { FieldError, Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Textarea } from "../../../components/ui/textarea";
import type { EditorForm, ListName, TextName } from "./editor-form";

/** One editor section: a titled fieldset. */
export function EditorSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid min-w-0 gap-4 rounded-lg border border-coffee-200 p-4">
      <legend className="px-1 font-semibold text-coffee-950">{title}</legend>
      {children}
    </fieldset>
  );
}

/** A labelled text input or textarea with its hint and its validation message. */
export function TextField({
  form,
  name,
  label,
  hint,
  multiline,
  maxLength,
  placeholder,
  type,
}: {
  form: EditorForm;
  name: TextName;
  label: string;
  hint?: string;
  multiline?: boolean;
  maxLength?: number;
  placeholder?: string;
  type?: "url" | "text";
}) {
  const id = useId();
  const error = form.formState.errors[name]?.message;
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ");
  const props = {
    id,
    placeholder,
    maxLength,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
    ...form.register(name),
  };
  return (
    <div className="grid min-w-0 gap-2">
      <Label htmlFor={id}>{label}</Label>
      {multiline ? <Textarea rows={3} {...props} /> : <Input type={type ?? "text"} {...props} />}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-coffee-700">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

/**
 * A list of short texts (choices, starters, tips) with add and remove buttons. `itemLabel` names
 * each entry for screen readers ("Choice A", "Starter 2").
 */
export function ListField({
  form,
  name,
  legend,
  itemLabel,
  addLabel,
  max,
  maxLength,
  hint,
}: {
  form: EditorForm;
  name: ListName;
  legend: string;
  itemLabel: (index: number) => string;
  addLabel: string;
  max: number;
  maxLength?: number;
  hint?: string;
}) {
  const id = useId();
  const { fields, append, remove } = useFieldArray({ control: form.control, name });
  const error = form.formState.errors[name]?.message;
  return (
    <div
      role="group"
      aria-labelledby={`${id}-legend`}
      aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
      className="grid min-w-0 gap-2"
    >
      <p id={`${id}-legend`} className="text-sm font-medium text-coffee-900">
        {legend}
      </p>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-coffee-700">
          {hint}
        </p>
      )}
      <ol className="grid gap-2">
        {fields.map((field, index) => (
          <li key={field.id} className="flex min-w-0 items-center gap-2">
            <span aria-hidden="true" className="w-6 shrink-0 text-sm font-semibold text-coffee-700">
              {itemLabel(index).split(" ").pop()}
            </span>
            <Input
              aria-label={itemLabel(index)}
              maxLength={maxLength}
              {...form.register(`${name}.${index}.value`)}
            />
            <Button
              variant="ghost"
              size="icon"
              onClick={() => remove(index)}
              aria-label={`Remove ${itemLabel(index)}`}
            >
              <X aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ol>
      <Button
        variant="outline"
        size="sm"
        className="justify-self-start"
        onClick={() => append({ value: "" })}
        disabled={fields.length >= max}
      >
        <Plus aria-hidden="true" />
        {addLabel}
      </Button>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
