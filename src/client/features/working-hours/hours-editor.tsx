import { WEEKDAY_NAMES, type WorkingDay } from "@shared/working-hours";
import { useId } from "react";
import { Input } from "../../components/ui/input";

/**
 * Working hours per weekday: a checkbox "works on Monday" and the first and last time a chat may
 * be proposed ("no chats before / after"). Days without a tick are not working days.
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
  const set = (day: number, entry: WorkingDay | null) => {
    const rest = value.filter((d) => d.day !== day);
    onChange((entry ? [...rest, entry] : rest).sort((a, b) => a.day - b.day));
  };
  return (
    <fieldset className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium text-coffee-900">Working hours</legend>
      {WEEKDAY_NAMES.map((name, i) => {
        const day = i + 1;
        const entry = byDay.get(day);
        return (
          <div
            key={name}
            className="grid grid-cols-[8rem_minmax(0,1fr)] items-center gap-2 sm:grid-cols-[9rem_10rem_10rem]"
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
              <div className="col-span-1 flex gap-2 sm:col-span-2">
                <label className="sr-only" htmlFor={`${id}-${day}-start`}>
                  {name}: no chats before
                </label>
                <Input
                  id={`${id}-${day}-start`}
                  type="time"
                  value={entry.start}
                  onChange={(e) => set(day, { ...entry, start: e.target.value })}
                />
                <label className="sr-only" htmlFor={`${id}-${day}-end`}>
                  {name}: no chats after
                </label>
                <Input
                  id={`${id}-${day}-end`}
                  type="time"
                  value={entry.end === "24:00" ? "23:59" : entry.end}
                  onChange={(e) => set(day, { ...entry, end: e.target.value })}
                />
              </div>
            ) : (
              <span className="text-sm text-coffee-700 sm:col-span-2">Not a working day</span>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
