/**
 * Validation of a pairing instance (FORMAT.md) with one clear, single-line message per problem.
 * A valid instance passes one hand-tight loop (instance-fast-check.ts) that also resolves its ids
 * for the engine; only an instance that fails it goes through the zod schema below, which words
 * the error, so both paths accept the same instances and answer the same messages.
 */
import { z } from "zod";
import { matchingPreferences, meetWays, oddPolicies } from "../../shared/enums";
import { type WorkingDay, workingHoursProblem } from "../../shared/working-hours";
import {
  groupOk,
  indexUsers,
  MAX_AVOID,
  MAX_GROUP,
  MAX_INTERESTS,
  MAX_OVERLAP_MINUTES,
  minOverlapOk,
  overlapFromOk,
  type ResolvedIds,
  resolveGroup,
  resolveIds,
  shapeOk,
  show,
  zoneOk,
} from "./instance-fast-check";
import type { HistoryGroup, MatchingInstance } from "./types";
import { MONTH_PATTERN } from "./window";

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
    groupSize: z
      .union([z.literal(2), z.literal(3), z.literal(4)], {
        error: (issue) => `group size ${show(issue.input)} (expected 2, 3 or 4)`,
      })
      .optional(),
    timeZone: z
      .string({ error: "must be an IANA time zone name" })
      .refine(zoneOk, {
        error: (issue) =>
          `unknown time zone ${show(issue.input)} (expected an IANA name such as Europe/Berlin)`,
      })
      .optional(),
    hours: z
      .unknown()
      .superRefine((value, ctx) => {
        const problem = workingHoursProblem(value);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      })
      .transform((value) => value as WorkingDay[])
      .optional(),
    avoid: z
      .array(userId, { error: "must be an array of user ids" })
      .max(MAX_AVOID, { error: `must list at most ${MAX_AVOID} ids` })
      .optional(),
    manager: userId.optional(),
    office: z
      .string({ error: "must be a string" })
      .min(1, { error: "must not be empty" })
      .optional(),
    interests: z
      .array(z.string({ error: "must be a string" }).min(1, { error: "must not be empty" }), {
        error: "must be an array of interest tags",
      })
      .max(MAX_INTERESTS, { error: `must list at most ${MAX_INTERESTS} tags` })
      .optional(),
    meet: z
      .enum(meetWays, {
        error: (issue) =>
          `unknown way to meet ${show(issue.input)} (expected in-person, online or either)`,
      })
      .optional(),
  },
  { error: "must be a user { id, department, preference }" },
);

export const historyGroupSchema = z.object(
  {
    users: z
      .array(userId, { error: "must be an array of user ids" })
      .min(2, { error: "a group has 2 to 4 people" })
      .max(MAX_GROUP, { error: "a group has 2 to 4 people" }),
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
      overlapFrom: z
        .string({ error: "must be a date string YYYY-MM-DD" })
        .refine(overlapFromOk, {
          error: (issue) =>
            `${show(issue.input)} is not a date (expected YYYY-MM-DD, e.g. 2027-03-01)`,
        })
        .optional(),
      minOverlapMinutes: z
        .number({ error: "must be a number of minutes" })
        .refine(minOverlapOk, {
          error: `must be a whole number of minutes from 0 to ${MAX_OVERLAP_MINUTES}`,
        })
        .optional(),
    },
    { error: "an instance must be a JSON object" },
  )
  .superRefine((instance, ctx) => {
    // The order of the checks decides which problem is named first: duplicate users, then each
    // history group's shape and ids in turn.
    const index = indexUsers(instance.users);
    if (!(index instanceof Map)) return void ctx.addIssue({ code: "custom", ...index });
    const goodMonths = new Set<string>();
    const history = instance.history ?? [];
    const members = new Int32Array(MAX_GROUP).fill(-1);
    for (let g = 0; g < history.length; g++) {
      if (!groupOk(history[g], goodMonths)) {
        const parsed = historyGroupSchema.safeParse(history[g]);
        const issue = parsed.success ? null : parsed.error.issues[0];
        const path = ["history", g, ...(issue?.path ?? [])];
        const message = issue?.message ?? "must be a group { users, month }";
        return void ctx.addIssue({ code: "custom", path, message });
      }
      members.fill(-1);
      const issue = resolveGroup(index, (history[g] as HistoryGroup).users, 0, members);
      if (issue)
        return void ctx.addIssue({
          code: "custom",
          ...issue,
          path: ["history", g, ...issue.path.slice(2)],
        });
    }
  })
  .transform((instance) => instance as MatchingInstance);

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

export type InstanceCheck =
  | { ok: true; instance: MatchingInstance; ids: ResolvedIds }
  | { ok: false; error: string };

const failure = (path: readonly PropertyKey[], text: string): InstanceCheck => {
  const where = formatPath(path);
  const message = text.replace(/\s+/g, " ");
  return { ok: false, error: where === "" ? message : `${where}: ${message}` };
};

/** Validates an already-parsed value; on success also answers its ids resolved for the engine. */
export function checkInstance(input: unknown): InstanceCheck {
  if (shapeOk(input)) {
    const ids = resolveIds(input);
    return "message" in ids ? failure(ids.path, ids.message) : { ok: true, instance: input, ids };
  }
  const parsed = instanceSchema.safeParse(input);
  if (!parsed.success) return failure(parsed.error.issues[0].path, parsed.error.issues[0].message);
  const ids = resolveIds(parsed.data);
  return "message" in ids
    ? failure(ids.path, ids.message)
    : { ok: true, instance: parsed.data, ids };
}

/** Validates an already-parsed value; throws InstanceError with one line on failure. */
export function parseInstance(input: unknown): MatchingInstance {
  const checked = checkInstance(input);
  if (!checked.ok) throw new InstanceError(`invalid instance: ${checked.error}`);
  return checked.instance;
}

/** Parses JSON text and validates it; throws InstanceError with one line on failure. */
export function parseInstanceText(text: string): MatchingInstance {
  return prepareInstanceText(text).instance;
}

/** As parseInstanceText, also answering the resolved ids that `runMatching` can reuse. */
export function prepareInstanceText(text: string): {
  instance: MatchingInstance;
  ids: ResolvedIds;
} {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new InstanceError(`invalid JSON: ${reason.replace(/\s+/g, " ")}`);
  }
  const checked = checkInstance(value);
  if (!checked.ok) throw new InstanceError(`invalid instance: ${checked.error}`);
  return checked;
}
