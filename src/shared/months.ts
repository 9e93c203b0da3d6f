const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** 1 → "January", …, 12 → "December"; undefined for anything else. */
export function monthName(month: number): string | undefined {
  return MONTH_NAMES[month - 1];
}
