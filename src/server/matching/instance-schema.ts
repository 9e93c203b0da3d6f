/**
 * Validation of a pairing instance (FORMAT.md) with one clear, single-line message per problem:
 * structure and values by zod, then the cross-references (duplicate user ids, history ids that
 * are unknown or repeated within a group).
 *
 * History is by far the largest part of an instance (12 months of a 100,000-person company are
 * ~600,000 groups), so its groups are checked by a hand-written fast path; only a group that
 * fails it goes through `historyGroupSchema`, which words the error.
 */
import { z } from "zod";
import { matchingPreferences, oddPolicies } from "../../shared/enums";
import type { HistoryGroup, MatchingInstance } from "./types";
import { MONTH_PATTERN } from "./window";

const show = (value: unknown): string => {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

const month = z.string({ error: "must be a month string YYYY-MM" }).regex(MONTH_PATTERN, {
  error: (issue) => `${show(issue.input)} is not a month (expected YYYY-MM, e.g. 2027-03)`,
});

const userId = z.string({ error: "must be a string id" }).min(1, { error: "must not be empty" });

const user = z.object(
  {
    id: userId,
    department: z.string({ error: "must be a string" }).min(1, { error: "must not be empty" }),
    preference: z.enum(matchingPreferences, {
      error: (issue) =>
        `unknown preference ${show(issue.input)} (expected same-department, cross-department or any)`,
    }),
    lastSatOut: z.boolean({ error: "must be true or false" }).optional(),
  },
  { error: "must be a user { id, department, preference }" },
);

export const historyGroupSchema = z.object(
  {
    users: z
      .array(userId, { error: "must be an array of user ids" })
      .min(2, { error: "a group has 2 or 3 people" })
      .max(3, { error: "a group has 2 or 3 people" }),
    month,
  },
  { error: "must be a group { users: [ids], month }" },
);

export const instanceSchema = z
  .object(
    {
      month,
      repeatWindowMonths: z
        .number({ error: "must be a number of months" })
        .int({ error: "must be a whole number of months" })
        .min(0, { error: "must not be negative" })
        .max(1200, { error: "must be at most 1200 months" }),
      seed: z
        .number({ error: "must be an integer" })
        .int({ error: "must be an integer" })
        .refine(Number.isSafeInteger, { error: "must be a safe integer" })
        .optional(),
      oddPolicy: z
        .enum(oddPolicies, {
          error: (issue) => `unknown oddPolicy ${show(issue.input)} (expected sit-out or trio)`,
        })
        .optional(),
      users: z.array(user, { error: "must be an array of users" }),
      history: z.array(z.unknown(), { error: "must be an array of groups" }).optional(),
    },
    { error: "an instance must be a JSON object" },
  )
  .superRefine((instance, ctx) => {
    const known = new Set<string>();
    for (let i = 0; i < instance.users.length; i++) {
      const id = instance.users[i].id;
      if (known.has(id)) {
        ctx.addIssue({
          code: "custom",
          path: ["users", i, "id"],
          message: `duplicate user id ${show(id)}`,
        });
        return;
      }
      known.add(id);
    }
    const history = instance.history ?? [];
    const goodMonths = new Set<string>();
    for (let g = 0; g < history.length; g++) {
      if (!looksLikeGroup(history[g], goodMonths)) {
        const parsed = historyGroupSchema.safeParse(history[g]);
        const issue = parsed.success ? null : parsed.error.issues[0];
        ctx.addIssue({
          code: "custom",
          path: ["history", g, ...(issue?.path ?? [])],
          message: issue?.message ?? "must be a group { users, month }",
        });
        return;
      }
      const ids = (history[g] as HistoryGroup).users;
      for (let j = 0; j < ids.length; j++) {
        if (!known.has(ids[j])) {
          ctx.addIssue({
            code: "custom",
            path: ["history", g, "users", j],
            message: `unknown user id ${show(ids[j])} (not in users)`,
          });
          return;
        }
        if (ids.indexOf(ids[j]) !== j) {
          ctx.addIssue({
            code: "custom",
            path: ["history", g, "users"],
            message: `user id ${show(ids[j])} appears twice in one group`,
          });
          return;
        }
      }
    }
  })
  .transform((instance) => instance as MatchingInstance);

/** Fast structural check of one history group (months already seen valid are cached). */
function looksLikeGroup(value: unknown, goodMonths: Set<string>): boolean {
  if (typeof value !== "object" || value === null) return false;
  const { users, month: m } = value as { users?: unknown; month?: unknown };
  if (!Array.isArray(users) || users.length < 2 || users.length > 3) return false;
  for (const id of users) if (typeof id !== "string" || id === "") return false;
  if (typeof m !== "string") return false;
  if (goodMonths.has(m)) return true;
  if (!MONTH_PATTERN.test(m)) return false;
  goodMonths.add(m);
  return true;
}

/** A malformed instance; `message` is one line naming the first problem found. */
export class InstanceError extends Error {
  override readonly name = "InstanceError";
}

function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out === "" ? String(key) : `.${String(key)}`;
  }
  return out;
}

export type InstanceCheck = { ok: true; instance: MatchingInstance } | { ok: false; error: string };

/** Validates an already-parsed value. */
export function checkInstance(input: unknown): InstanceCheck {
  const parsed = instanceSchema.safeParse(input);
  if (parsed.success) return { ok: true, instance: parsed.data };
  const issue = parsed.error.issues[0];
  const where = formatPath(issue.path);
  const message = issue.message.replace(/\s+/g, " ");
  return { ok: false, error: where === "" ? message : `${where}: ${message}` };
}

/** Validates an already-parsed value; throws InstanceError with one line on failure. */
export function parseInstance(input: unknown): MatchingInstance {
  const checked = checkInstance(input);
  if (!checked.ok) throw new InstanceError(`invalid instance: ${checked.error}`);
  return checked.instance;
}

/** Parses JSON text and validates it; throws InstanceError with one line on failure. */
export function parseInstanceText(text: string): MatchingInstance {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new InstanceError(`invalid JSON: ${reason.replace(/\s+/g, " ")}`);
  }
  return parseInstance(value);
}
