import { z } from "zod";

/**
 * A required text field, trimmed: `required` when it is missing, not a string or blank, `tooLong`
 * past `max` characters.
 */
export function requiredText(required: string, max: number, tooLong: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: tooLong });
}
