import { z } from "zod";
import { hasControlCharacter, singleLineMessage } from "./clean-text";

/**
 * A required text field, trimmed: `required` when it is missing, not a string or blank, `tooLong`
 * past `max` characters, and refused with a message naming `label` when it holds a line break,
 * tab or other control character.
 */
export function requiredText(required: string, max: number, tooLong: string, label: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: tooLong })
    .refine(...singleLine(label));
}

/** The refinement of a one-line field: `.refine(...singleLine("First name"))`. */
export function singleLine(label: string) {
  return [
    (value: string) => !hasControlCharacter(value),
    { error: singleLineMessage(label) },
  ] as const;
}
