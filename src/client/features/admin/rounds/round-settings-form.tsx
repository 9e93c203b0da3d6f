import { zodResolver } from "@hookform/resolvers/zod";
import {
  defaultPairingSchedule,
  type RoundSettingsForm as FormValues,
  type PairingSchedule,
  type RoundSettings,
  roundSettingsFormSchema,
  scheduleText,
  weekendWarnings,
} from "@shared/rounds";
import { useId } from "react";
import { type UseFormReturn, useForm } from "react-hook-form";
import { Button } from "../../../components/ui/button";
import { FieldError, Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Select } from "../../../components/ui/select";
import { roundsApi } from "../../../lib/api/admin-rounds";
import { useRoundMutation } from "./rounds-queries";

const nths = ["1st", "2nd", "3rd", "4th"].map((label, i) => ({ value: String(i + 1), label }));
const weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"].map(
  (label, i) => ({ value: String(i), label }),
);

const asNumber = { setValueAs: (v: string) => (v === "" ? Number.NaN : Number(v)) };

/** The pairing day's choices; the company's names its schedule, as the server reads it. */
const kindsOf = (
  companySchedule: PairingSchedule,
): { value: FormValues["scheduleKind"]; label: string }[] => [
  { value: "company", label: `The company's schedule (${scheduleText(companySchedule)})` },
  { value: "nth-weekday", label: "Its own weekday" },
  { value: "fixed", label: "One fixed date" },
];

/** A warning beside its field: the value is allowed, but the admin should know (amber, not red). */
function FieldWarning({ id, children }: { id: string; children?: string }) {
  if (!children) return null;
  return (
    <p id={id} className="text-sm font-medium text-amber-800">
      {children}
    </p>
  );
}

/** aria-invalid and aria-describedby for a field with an error, a warning, both or neither. */
function described(error: { id: string; on: boolean }, warning: { id: string; on: boolean }) {
  const ids = [error.on && error.id, warning.on && warning.id].filter(Boolean).join(" ");
  return {
    ...(error.on ? { "aria-invalid": true as const } : {}),
    ...(ids ? { "aria-describedby": ids } : {}),
  };
}

function toForm(settings: RoundSettings): FormValues {
  const schedule = settings.schedule;
  const weekday = schedule?.type === "nth-weekday" ? schedule : null;
  return {
    auto: settings.auto,
    reviewDays: settings.reviewDays,
    checkInDays: settings.checkInDays,
    scheduleKind: schedule?.type ?? "company",
    nth: weekday?.nth ?? 1,
    weekday: weekday?.weekday ?? 1,
    date: schedule?.type === "fixed" ? schedule.date : "",
  };
}

/** The pairing day: the company's schedule, an nth weekday of the scope's own, or one date. */
function ScheduleFields({
  id,
  form,
  companySchedule,
}: {
  id: string;
  form: UseFormReturn<FormValues, unknown, RoundSettings>;
  companySchedule: PairingSchedule;
}) {
  const kind = form.watch("scheduleKind");
  const errors = form.formState.errors;
  const warning = weekendWarnings(form.watch()).pairing;
  return (
    <>
      <div className="space-y-1">
        <Label htmlFor={`${id}-kind`}>Pairing day</Label>
        <Select
          id={`${id}-kind`}
          options={kindsOf(companySchedule)}
          {...form.register("scheduleKind")}
        />
      </div>
      {kind === "fixed" && (
        <div className="space-y-1">
          <Label htmlFor={`${id}-date`}>Date</Label>
          <Input
            id={`${id}-date`}
            type="date"
            {...described(
              { id: `${id}-date-error`, on: !!errors.date },
              { id: `${id}-date-warning`, on: !!warning },
            )}
            {...form.register("date")}
          />
          <p className="text-xs text-coffee-700">
            Other months follow {scheduleText(defaultPairingSchedule)}.
          </p>
          <FieldError id={`${id}-date-error`}>{errors.date?.message}</FieldError>
          <FieldWarning id={`${id}-date-warning`}>{warning}</FieldWarning>
        </div>
      )}
      {kind === "nth-weekday" && (
        <div className="grid grid-cols-2 gap-2">
          <div className="space-y-1">
            <Label htmlFor={`${id}-nth`}>Which</Label>
            <Select id={`${id}-nth`} options={nths} {...form.register("nth", asNumber)} />
          </div>
          <div className="space-y-1">
            <Label htmlFor={`${id}-weekday`}>Weekday</Label>
            <Select
              id={`${id}-weekday`}
              options={weekdays}
              aria-describedby={warning ? `${id}-weekday-warning` : undefined}
              {...form.register("weekday", asNumber)}
            />
          </div>
          <div className="col-span-2">
            <FieldWarning id={`${id}-weekday-warning`}>{warning}</FieldWarning>
          </div>
        </div>
      )}
    </>
  );
}

/** One scope's schedule, review and check-in days, and whether its rounds run by themselves. */
export function RoundSettingsForm({
  scopeKey,
  label,
  settings,
  companySchedule,
}: {
  scopeKey: string;
  label: string;
  settings: RoundSettings;
  companySchedule: PairingSchedule;
}) {
  const id = useId();
  const form = useForm<FormValues, unknown, RoundSettings>({
    resolver: zodResolver(roundSettingsFormSchema),
    defaultValues: toForm(settings),
  });
  const save = useRoundMutation({
    mutationFn: (body: RoundSettings) => roundsApi.saveSettings(scopeKey, body),
    failure: "Failed to save the round settings",
  });
  // Each field's error beside it, all at once.
  const errors = form.formState.errors;
  const checkInWarning = weekendWarnings(form.watch()).checkIn;
  return (
    <form
      noValidate
      aria-label={`Round settings for ${label}`}
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      className="grid gap-3 sm:grid-cols-2"
    >
      <label className="flex items-center gap-2 text-sm text-coffee-900 sm:col-span-2">
        <input type="checkbox" className="size-4" {...form.register("auto")} />
        Run this round by itself
      </label>
      <ScheduleFields id={id} form={form} companySchedule={companySchedule} />
      <div className="space-y-1">
        <Label htmlFor={`${id}-review`}>Review days before the pairing day</Label>
        <Input
          id={`${id}-review`}
          type="number"
          inputMode="numeric"
          min={0}
          max={14}
          {...described(
            { id: `${id}-review-error`, on: !!errors.reviewDays },
            { id: "", on: false },
          )}
          {...form.register("reviewDays", asNumber)}
        />
        <FieldError id={`${id}-review-error`}>{errors.reviewDays?.message}</FieldError>
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-checkin`}>Check-in days after the pairing day</Label>
        <Input
          id={`${id}-checkin`}
          type="number"
          inputMode="numeric"
          min={1}
          max={21}
          {...described(
            { id: `${id}-checkin-error`, on: !!errors.checkInDays },
            { id: `${id}-checkin-warning`, on: !!checkInWarning },
          )}
          {...form.register("checkInDays", asNumber)}
        />
        <FieldError id={`${id}-checkin-error`}>{errors.checkInDays?.message}</FieldError>
        <FieldWarning id={`${id}-checkin-warning`}>{checkInWarning}</FieldWarning>
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          Save settings
        </Button>
      </div>
    </form>
  );
}
