import { WEEKDAY_NAMES, type WorkingDay, workingDayProblems } from "@shared/working-hours";
import { useId } from "react";
import { FieldError } from "../../components/ui/input";
import { TimeSelect } from "../../components/ui/time-select";

/**
 * Working hours per weekday: a checkbox "works on Monday" and the first and last time a chat may
 * be proposed ("no chats before / after"), on the 24-hour clock (`TimeSelect`). Days without a tick are not working days. Each day's
 * problem ("Monday's hours must end after they start.") stays beside it, every day's at once.
 * The two times share the row's width, so they fit a phone and never leave the card; the day
 * goes beside them only where the card itself is wide enough (a container query, not the screen).
 */
export function HoursEditor({
  value,
  onChange,
  disabled,
}: {
  value: WorkingDay[];
  onChange: (next: WorkingDay[]) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const byDay = new Map(value.map((d) => [d.day, d]));
  const problems = workingDayProblems(value);
  const set = (day: number, entry: WorkingDay | null) => {
    const rest = value.filter((d) => d.day !== day);
    onChange((entry ? [...rest, entry] : rest).sort((a, b) => a.day - b.day));
  };
  return (
    <fieldset
      className="@container grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3"
      disabled={disabled}
    >
      <legend className="mb-1 text-sm font-medium text-coffee-900">Working hours</legend>
      {WEEKDAY_NAMES.map((name, i) => {
        const day = i + 1;
        const entry = byDay.get(day);
        const problem = disabled ? undefined : problems.get(day);
        const errorId = `${id}-${day}-error`;
        const invalid = problem
          ? { "aria-invalid": true as const, "aria-describedby": errorId }
          : {};
        return (
          <div
            key={name}
            className="grid min-w-0 grid-cols-[minmax(0,1fr)] items-center gap-x-3 gap-y-1 @lg:grid-cols-[7.5rem_minmax(0,1fr)]"
          >
            <label className="flex items-center gap-2 text-sm text-coffee-900">
              <input
                type="checkbox"
                checked={!!entry}
                onChange={(e) =>
                  set(day, e.target.checked ? { day, start: "09:00", end: "17:00" } : null)
                }
                className="size-4 accent-amber-700"
              />
              {name}
            </label>
            {entry ? (
              <div className="grid min-w-0 grid-cols-2 items-center gap-2 @lg:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)]">
                <label className="sr-only" htmlFor={`${id}-${day}-start`}>
                  {name}: no chats before
                </label>
                <TimeSelect
                  id={`${id}-${day}-start`}
                  value={entry.start}
                  onChange={(e) => set(day, { ...entry, start: e.target.value })}
                  {...invalid}
                />
                <span aria-hidden="true" className="hidden text-sm text-coffee-700 @lg:inline">
                  to
                </span>
                <label className="sr-only" htmlFor={`${id}-${day}-end`}>
                  {name}: no chats after
                </label>
                <TimeSelect
                  id={`${id}-${day}-end`}
                  endOfDay
                  value={entry.end}
                  onChange={(e) => set(day, { ...entry, end: e.target.value })}
                  {...invalid}
                />
              </div>
            ) : (
              <span className="text-sm text-coffee-700">Not a working day</span>
            )}
            {problem && (
              <FieldError id={errorId} className="@lg:col-start-2">
                {problem}
              </FieldError>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
