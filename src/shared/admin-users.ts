import { z } from "zod";
import { DEPARTMENT_NOT_IN_GROUP } from "./admin-user-texts";
import { matchingPreferences, meetWays, participationStatuses } from "./enums";
import { idSchema } from "./ids";
import { noMatchReasons } from "./no-match-reasons";
import { cursorPageFields } from "./paging";

export * from "./admin-user-texts";

/** The user-management table's page size, and the most one request may ask for. */
export const ADMIN_USERS_PAGE_SIZE = 50;
export const ADMIN_USERS_MAX_PAGE_SIZE = 200;

/** An account is active, or deactivated by an admin (signed out, not paired, not written to). */
export const accountStates = ["active", "deactivated"] as const;
export type AccountState = (typeof accountStates)[number];

/** Whether the person finished signing up (their profile), or has an account without one yet. */
export const signupStates = ["done", "pending"] as const;
export type SignupState = (typeof signupStates)[number];

const noFilter = (v: unknown) => (v === "" || v === "all" ? undefined : v);

/**
 * The filters of GET /api/admin/users and of its CSV (GET /api/admin/users/csv). An empty value or
 * "all" means no filter.
 */
export const adminUsersFilterSchema = z.object({
  q: z
    .string()
    .trim()
    .max(200, { error: "Searches are at most 200 characters." })
    .optional()
    .transform((v) => (v ? v : undefined)),
  status: z
    .enum([...participationStatuses, "all", ""], {
      error: "Status must be all, active, paused or opted_out.",
    })
    .optional()
    .transform((v) => (v === "all" || v === "" ? undefined : v)),
  /** Accounts: active ones, deactivated ones, or all (the default). */
  account: z
    .enum([...accountStates, "all", ""], {
      error: "Account must be all, active or deactivated.",
    })
    .optional()
    .transform((v) => (v === "all" || v === "" ? undefined : v)),
  domainGroupId: z
    .union([z.literal(""), z.literal("all"), idSchema], {
      error: "Choose a domain group from the list.",
    })
    .optional()
    .transform((v) => (typeof v === "number" ? v : undefined)),
  /** The chats the person asked for: same-department, cross-department or any. */
  preference: z.preprocess(
    noFilter,
    z
      .enum(matchingPreferences, {
        error: "Preference must be all, same-department, cross-department or any.",
      })
      .optional(),
  ),
  /** The group size the person would like: 2, 3 or 4. */
  groupSize: z.preprocess(
    noFilter,
    z.coerce
      .number({ error: "Group size must be all, 2, 3 or 4." })
      .int({ error: "Group size must be all, 2, 3 or 4." })
      .min(2, { error: "Group size must be all, 2, 3 or 4." })
      .max(4, { error: "Group size must be all, 2, 3 or 4." })
      .optional(),
  ),
  /**
   * `yes`: only people the engine left out of a running pairing and still without a match
   * (docs/pairings.md, "Who sat out and why").
   */
  satOut: z.preprocess(
    noFilter,
    z.enum(["yes"], { error: "Sat out must be all or yes." }).optional(),
  ),
  /** `yes`: only people in no running pairing's match, whatever the reason (`noMatchReason`). */
  noMatch: z.preprocess(
    noFilter,
    z.enum(["yes"], { error: "No match must be all or yes." }).optional(),
  ),
  /** `pending`: accounts whose sign-up (the profile) is not finished; `done`: finished ones. */
  signup: z.preprocess(
    noFilter,
    z.enum(signupStates, { error: "Sign-up must be all, done or pending." }).optional(),
  ),
});
export type AdminUsersFilter = z.infer<typeof adminUsersFilterSchema>;

/** GET /api/admin/users: one page of the list. */
export const adminUsersQuerySchema = adminUsersFilterSchema.extend(
  cursorPageFields(ADMIN_USERS_PAGE_SIZE, ADMIN_USERS_MAX_PAGE_SIZE, 600),
);
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  /** The stored department key (the value the department choice sends). */
  department: z.string().nullable(),
  /** What people read for that department (null when none is set). */
  departmentName: z.string().nullable(),
  isAdmin: z.boolean(),
  /** False for a deactivated account. */
  isActive: z.boolean(),
  /** Provisioned by the company's identity provider: address and active state are read-only here. */
  scimManaged: z.boolean(),
  needsProfileSetup: z.boolean(),
  participationStatus: z.enum(participationStatuses),
  /** The chats the person asked for. */
  matchingPreference: z.enum(matchingPreferences),
  /** How many people (2 to 4) the person would like to meet at once. */
  preferredGroupSize: z.number().int(),
  /** The whitelist's group for the address (null: none); its departments are the choices. */
  domainGroupId: z.number().int().nullable(),
  /** The manager's address (docs/profile.md, "Never with my manager"); null when none is set. */
  managerEmail: z.string().nullable(),
  /** The office the person meets at in person (docs/profile.md, "How we meet"); null when none. */
  office: z.string().nullable(),
  /** How the person meets: in person, online or either; null when they never chose. */
  meetWay: z.enum(meetWays).nullable(),
  /** The person's time zone (IANA name; docs/profile.md); null when none is set. */
  timeZone: z.string().nullable(),
  /**
   * The partner(s) of the current round, absent when the person has none: `match_name` joins
   * their names with " & ", `partners` lists them (one: a pair, two: a trio, three: a match of
   * four).
   */
  currentMatch: z
    .object({ match_name: z.string(), month: z.string(), partners: z.array(z.string()) })
    .optional(),
  /** Why the person has no current match; absent when they have one (src/shared/no-match-reasons.ts). */
  noMatchReason: z.enum(noMatchReasons).optional(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** The people the list shows (the search and every filter), in all and per status. */
export const userStatusCountsSchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  paused: z.number().int(),
  opted_out: z.number().int(),
  /** The deactivated accounts among them. */
  deactivated: z.number().int(),
});
export type UserStatusCounts = z.infer<typeof userStatusCountsSchema>;

export const adminUsersResponseSchema = z.object({
  users: z.array(adminUserSchema),
  /** How many people match the search and every filter: `counts.total`. */
  total: z.number().int(),
  /** The summary above the table: the same people, per status (docs/admin-console.md, "Users"). */
  counts: userStatusCountsSchema,
  /**
   * True when `total` and `counts` are the database's estimates (many thousands of people match,
   * and counting them on every page would grow with the company); shown as "about".
   */
  countsEstimated: z.boolean(),
  nextCursor: z.string().nullable(),
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

export const adminUserParamsSchema = z.object({ id: z.string().max(100) });

/** PATCH /api/admin/users/{id}: only the changed fields. */
export const updateAdminUserSchema = z.object({
  participationStatus: z
    .enum(participationStatuses, { error: "Status must be active, paused or opted_out." })
    .optional(),
  department: z
    .string({ error: DEPARTMENT_NOT_IN_GROUP })
    .trim()
    .min(1, { error: DEPARTMENT_NOT_IN_GROUP })
    .max(200, { error: DEPARTMENT_NOT_IN_GROUP })
    .optional(),
  /** The manager's address (docs/profile.md, "Never with my manager"); null clears it. */
  managerEmail: z
    .email({ error: "Give the manager's e-mail address." })
    .max(320, { error: "Give the manager's e-mail address." })
    .nullable()
    .optional(),
});
export type UpdateAdminUserInput = z.infer<typeof updateAdminUserSchema>;

/** POST /api/admin/users/{id}/deactivate and /reactivate. */
export const accountChangeResponseSchema = z.object({
  message: z.string(),
  user: z.object({ id: z.string(), isActive: z.boolean() }),
  /** Deactivation: the partners of the current pairing now left without one (to re-pair). */
  leftAlone: z.array(z.string()),
});
export type AccountChangeResponse = z.infer<typeof accountChangeResponseSchema>;

/** PATCH /api/admin/users/{id}: the fields the change may touch. */
export const adminUserUpdatedSchema = z.object({
  message: z.string(),
  user: z.object({
    id: z.string(),
    department: z.string().nullable(),
    participationStatus: z.enum(participationStatuses),
    /** `YYYY-MM-DD` */
    pauseStartDate: z.string().nullable(),
    /** `YYYY-MM-DD` */
    pauseEndDate: z.string().nullable(),
  }),
});
export type AdminUserUpdated = z.infer<typeof adminUserUpdatedSchema>;
