import type { ComponentProps } from "react";
import { Select } from "./select";

/** "00:00", "00:15", … "23:45", then "24:00" for the end of a day when asked. */
export function clockTimes(stepMinutes: number, endOfDay: boolean): string[] {
  const times: string[] = [];
  for (let minutes = 0; minutes < 24 * 60; minutes += stepMinutes) {
    const hh = String(Math.floor(minutes / 60)).padStart(2, "0");
    times.push(`${hh}:${String(minutes % 60).padStart(2, "0")}`);
  }
  return endOfDay ? [...times, "24:00"] : times;
}

/**
 * A time of day ("HH:MM") on the 24-hour clock every page, e-mail and message writes
 * (docs/scheduling.md, "How times and zones are written"). A native time input would show the
 * browser's own clock instead ("05:00 PM" beside a "17:00" written elsewhere), whatever the page
 * asks. A value off the steps (an older "09:10") stays listed, so it is shown as it is.
 */
export function TimeSelect({
  value,
  stepMinutes = 15,
  endOfDay = false,
  ...props
}: Omit<ComponentProps<"select">, "value" | "children"> & {
  value: string;
  stepMinutes?: number;
  /** Offer "24:00", the end of the day, as a last choice ("no chats after"). */
  endOfDay?: boolean;
}) {
  const times = clockTimes(stepMinutes, endOfDay);
  const listed = value && !times.includes(value) ? [...times, value].sort() : times;
  return (
    <Select
      value={value}
      // Until a time is given none shows as chosen (the first, "00:00", would read as one).
      placeholder={value ? undefined : "Choose a time"}
      options={listed.map((time) => ({ value: time, label: time }))}
      {...props}
    />
  );
}
