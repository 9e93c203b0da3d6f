import type { Department } from "@shared/departments";
import { matchingPreferences } from "@shared/enums";
import {
  BIO_MAX,
  matchingPreferenceLabels,
  NAME_MAX,
  type ProfileFormValues,
  type ProfileInput,
} from "@shared/profile";
import { useEffect, useId } from "react";
import type { UseFormReturn } from "react-hook-form";
import { FieldError, Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Select } from "../../components/ui/select";
import { Textarea } from "../../components/ui/textarea";
import { MatchSizeField } from "./match-size-field";

export type ProfileForm = UseFormReturn<ProfileFormValues, unknown, ProfileInput>;

/** Names, department, matching preference, group size and bio: the fields shared by setup and edit. */
export function ProfileFields({
  form,
  departments,
  departmentsLoading,
}: {
  form: ProfileForm;
  departments: Department[] | undefined;
  departmentsLoading: boolean;
}) {
  const id = useId();
  const { register, formState } = form;
  // The select is drawn before its options arrive, so the browser drops the department already
  // known (an import's); once they are there, it is set again.
  useEffect(() => {
    const known = form.getValues("department");
    if (departments?.length && known) form.setValue("department", known);
  }, [departments, form]);
  const errors = formState.errors;
  const field = (name: keyof ProfileFormValues) => ({
    id: `${id}-${name}`,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id}-${name}-error` : undefined,
  });
  const error = (name: keyof ProfileFormValues) => (
    <FieldError id={`${id}-${name}-error`}>{errors[name]?.message}</FieldError>
  );

  return (
    <div className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-firstName`}>First name *</Label>
          <Input
            {...field("firstName")}
            {...register("firstName")}
            autoComplete="given-name"
            maxLength={NAME_MAX}
            required
          />
          {error("firstName")}
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-lastName`}>Last name *</Label>
          <Input
            {...field("lastName")}
            {...register("lastName")}
            autoComplete="family-name"
            maxLength={NAME_MAX}
            required
          />
          {error("lastName")}
        </div>
      </div>

      <div className="grid gap-2">
        <Label htmlFor={`${id}-department`}>Department *</Label>
        <Select
          {...field("department")}
          {...register("department")}
          required
          placeholder={departmentsLoading ? "Loading departments..." : "Select your department"}
          options={(departments ?? []).map((d) => ({ value: d.name, label: d.displayName }))}
        />
        {error("department")}
      </div>

      <fieldset className="grid gap-3">
        <legend className="mb-3 text-sm font-medium text-coffee-900">Matching preference *</legend>
        {matchingPreferences.map((value) => (
          <label
            key={value}
            className="flex cursor-pointer items-start gap-3 rounded-md border border-coffee-200 p-3 text-sm has-checked:border-amber-700 has-checked:bg-amber-50"
          >
            <input
              type="radio"
              value={value}
              {...register("matchingPreference")}
              className="mt-0.5 size-4 shrink-0 accent-amber-700"
            />
            <span>{matchingPreferenceLabels[value]}</span>
          </label>
        ))}
        {error("matchingPreference")}
      </fieldset>

      <MatchSizeField form={form} errorId={`${id}-preferredGroupSize-error`} />

      <div className="grid gap-2">
        <Label htmlFor={`${id}-bio`}>Bio (optional)</Label>
        <Textarea
          {...field("bio")}
          {...register("bio")}
          aria-describedby={[`${id}-bio-count`, errors.bio ? `${id}-bio-error` : ""]
            .join(" ")
            .trim()}
          rows={3}
          placeholder="A few words about you: what you work on, what you like to chat about..."
        />
        <BioCount id={`${id}-bio-count`} length={(form.watch("bio") ?? "").trim().length} />
        {error("bio")}
      </div>
    </div>
  );
}

/**
 * "123 of 500 characters": the bio is not cut without a word (no maxLength); past the limit the
 * count says by how much, and saving shows the field's error.
 */
function BioCount({ id, length }: { id: string; length: number }) {
  const over = length - BIO_MAX;
  return (
    <p
      id={id}
      className={over > 0 ? "text-sm font-medium text-red-700" : "text-xs text-coffee-700"}
    >
      {over > 0
        ? `${length} of ${BIO_MAX} characters: ${over} too many`
        : `${length} of ${BIO_MAX} characters`}
    </p>
  );
}
