import { matchSizeLabels, matchSizes } from "@shared/match-size";
import type { ProfileFormValues, ProfileInput } from "@shared/profile";
import { Controller, type UseFormReturn } from "react-hook-form";
import { FieldError } from "../../components/ui/input";

/** "How many people would you like to meet?": "One-to-one", "Group of 3" or "Group of 4", the product's labels. */
export function MatchSizeField({
  form,
  errorId,
}: {
  form: UseFormReturn<ProfileFormValues, unknown, ProfileInput>;
  errorId: string;
}) {
  const message = form.formState.errors.preferredGroupSize?.message;
  return (
    <Controller
      control={form.control}
      name="preferredGroupSize"
      render={({ field }) => (
        <fieldset
          className="grid gap-3"
          aria-describedby={message ? errorId : undefined}
          aria-invalid={message ? true : undefined}
        >
          <legend className="mb-3 text-sm font-medium text-coffee-900">
            How many people would you like to meet?
          </legend>
          {matchSizes.map((size) => (
            <label
              key={size}
              className="flex cursor-pointer items-start gap-3 rounded-md border border-coffee-200 p-3 text-sm has-checked:border-amber-700 has-checked:bg-amber-50"
            >
              <input
                type="radio"
                name={field.name}
                value={size}
                checked={(field.value ?? 2) === size}
                onChange={() => field.onChange(size)}
                onBlur={field.onBlur}
                className="mt-0.5 size-4 shrink-0 accent-amber-700"
              />
              <span>{matchSizeLabels[size]}</span>
            </label>
          ))}
          <FieldError id={errorId}>{message}</FieldError>
        </fieldset>
      )}
    />
  );
}
