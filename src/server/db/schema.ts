import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  type PgColumn,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { apiTokenScopes } from "../../shared/api-tokens";
import { type Channel, reachChannels } from "../../shared/channels";
import { checkInAnswers, stillInChoices } from "../../shared/check-in-answers";
import {
  authMethods,
  deliveryStates,
  employeeStatuses,
  expectedUsersChoices,
  imagePurposes,
  imageSources,
  mailKinds,
  matchingPreferences,
  matchStatuses,
  meetWays,
  newsletterKinds,
  newsletterStatuses,
  oddPolicies,
  pairingStatuses,
  participationStatuses,
  passwordLinkPurposes,
  roundStepKinds,
  roundStepStates,
  sendStatuses,
  sessionKinds,
} from "../../shared/enums";
import type { SatOutEntry } from "../../shared/sat-out";
import type { WorkingDay } from "../../shared/working-hours";

/** `column in ('a','b')` for a check constraint; values are our own constants, never user input. */
function oneOf(column: PgColumn, values: readonly string[]): SQL {
  const list = values.map((v) => `'${v.replaceAll("'", "''")}'`).join(", ");
  return sql`${column} in (${sql.raw(list)})`;
}

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
const tz = (name: string) => timestamp(name, { withTimezone: true });

export const domainGroups = pgTable("domain_groups", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  displayName: text("display_name").notNull(),
  description: text("description"),
  color: text("color").notNull().default("#3B82F6"),
  isActive: boolean("is_active").notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    profileImageUrl: text("profile_image_url"),
    department: text("department"),
    matchingPreference: text("matching_preference", { enum: matchingPreferences })
      .notNull()
      .default("any"),
    bio: text("bio"),
    /** How many people (2 to 4) the person would like to meet at once. */
    preferredGroupSize: smallint("preferred_group_size").notNull().default(2),
    isActive: boolean("is_active").notNull().default(true),
    isAdmin: boolean("is_admin").notNull().default(false),
    participationStatus: text("participation_status", { enum: participationStatuses })
      .notNull()
      .default("active"),
    pauseStartDate: date("pause_start_date"),
    pauseEndDate: date("pause_end_date"),
    pauseReason: text("pause_reason"),
    employeeStatus: text("employee_status", { enum: employeeStatuses }).notNull().default("active"),
    leaveStartDate: date("leave_start_date"),
    leaveEndDate: date("leave_end_date"),
    leaveReason: text("leave_reason"),
    isEmailVerified: boolean("is_email_verified").notNull().default(false),
    isValidated: boolean("is_validated").notNull().default(false),
    validatedAt: tz("validated_at"),
    needsProfileSetup: boolean("needs_profile_setup").notNull().default(true),
    authMethod: text("auth_method", { enum: authMethods }).notNull().default("hosted"),
    passwordHash: text("password_hash"),
    /**
     * Provisioned by the company's identity provider over SCIM (docs/provisioning.md): the address
     * and active state are the provider's, so the admin cannot change them.
     */
    scimManaged: boolean("scim_managed").notNull().default(false),
    /** The person's SCIM `userName` (often, not always, their address). */
    scimUserName: text("scim_user_name"),
    /** The provider's own id for the person (SCIM `externalId`). */
    scimExternalId: text("scim_external_id"),
    /**
     * The SCIM resource's `id`, new at each provisioning: a deleted resource's id answers 404 for
     * ever, even when the provider creates the same person again (docs/provisioning.md).
     */
    scimId: uuid("scim_id"),
    /** SCIM values kept only to be given back as sent: `emails[].type`, `name.formatted`, `displayName`. */
    scimEmailType: text("scim_email_type"),
    scimNameFormatted: text("scim_name_formatted"),
    scimDisplayName: text("scim_display_name"),
    /**
     * Set when the person was erased (docs/privacy.md): the row stays as "a former colleague" so
     * history counts stay true, with no name, address, photo or bio.
     */
    erasedAt: tz("erased_at"),
    /** Where the person is reached (docs/chat.md); null follows the company's default. */
    reachBy: text("reach_by", { enum: reachChannels }),
    /** The person's IANA time zone (docs/profile.md); null follows the company's. */
    timeZone: text("time_zone"),
    /** Working hours per weekday (`WorkingDay[]`); null follows the company's default hours. */
    workingHours: jsonb("working_hours").$type<WorkingDay[]>(),
    /** The person confirmed their zone (the first sign-in's prompt, or a profile save). */
    timeZoneConfirmed: boolean("time_zone_confirmed").notNull().default(false),
    /** How the person can meet (docs/profile.md, "How we meet"); null is "either". */
    meetWay: text("meet_way", { enum: meetWays }),
    /** The office where the person can meet in person, as they typed it; null without one. */
    office: text("office"),
    /** The person's manager (docs/profile.md, "Never with my manager"): SCIM, the import or the admin. */
    managerId: uuid("manager_id").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    /**
     * A manager named before their account exists: the address (HR import) or SCIM externalId or
     * userName as given, made `managerId` when that account is made (people-rows/manager-refs.ts).
     */
    managerRef: text("manager_ref"),
    /** Shared-interest tags (names of accepted `interest_tags`), at most MAX_INTERESTS. */
    interests: text("interests").array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_lower_unique").on(sql`lower(${t.email})`),
    index("users_scim_external_id_idx").on(t.scimExternalId),
    uniqueIndex("users_scim_user_name_unique").on(sql`lower(${t.scimUserName})`),
    uniqueIndex("users_scim_id_unique").on(t.scimId),
    // The admin user list's keyset order (see people/users/list-users.ts) and group filter.
    index("users_name_sort_idx").on(
      sql`lower(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, ''))`,
      t.id,
    ),
    // The same order inside one participation status or one account state, so a page of a rare
    // status (or of deactivated accounts) is a range of an index, not a walk of everyone.
    index("users_status_name_sort_idx").on(
      t.participationStatus,
      sql`lower(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, ''))`,
      t.id,
    ),
    index("users_account_name_sort_idx").on(
      t.isActive,
      sql`lower(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, ''))`,
      t.id,
    ),
    // The same order inside one matching preference, one group size, or among unfinished
    // sign-ups (the user list's filters; migration 0057).
    index("users_preference_name_sort_idx").on(
      t.matchingPreference,
      sql`lower(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, ''))`,
      t.id,
    ),
    // Each employee's status and account, for the counts of who has no current match
    // (migration 0106); its condition is db/employee.ts's.
    index("users_employee_status_idx")
      .on(t.participationStatus, t.isActive, t.id)
      .where(sql`(${t.erasedAt} is null and not (${t.isAdmin} and ${t.needsProfileSetup}))`),
    index("users_group_size_name_sort_idx").on(
      t.preferredGroupSize,
      sql`lower(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, ''))`,
      t.id,
    ),
    index("users_pending_name_sort_idx")
      .on(sql`lower(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, ''))`, t.id)
      .where(sql`${t.needsProfileSetup}`),
    index("users_manager_idx").on(t.managerId).where(sql`${t.managerId} is not null`),
    index("users_manager_ref_idx").on(t.managerRef).where(sql`${t.managerRef} is not null`),
    index("users_email_domain_idx").on(sql`split_part(lower(${t.email}), '@', 2)`),
    // Stored lowercased (decision 0012), so many-person joins compare the column itself.
    check("users_email_lowercase_check", sql`${t.email} = lower(${t.email})`),
    check("users_preferred_group_size_check", sql`${t.preferredGroupSize} between 2 and 4`),
    check("users_matching_preference_check", oneOf(t.matchingPreference, matchingPreferences)),
    check("users_participation_status_check", oneOf(t.participationStatus, participationStatuses)),
    check("users_employee_status_check", oneOf(t.employeeStatus, employeeStatuses)),
    check("users_auth_method_check", oneOf(t.authMethod, authMethods)),
    check("users_reach_by_check", sql`${t.reachBy} is null or ${oneOf(t.reachBy, reachChannels)}`),
  ],
);

export const allowedEmails = pgTable(
  "allowed_emails",
  {
    id: serial("id").primaryKey(),
    /** A normalised address, or `*@domain` for a whole domain. */
    email: text("email").notNull().unique(),
    domain: text("domain").notNull(),
    domainGroupId: integer("domain_group_id").references(() => domainGroups.id, {
      onDelete: "set null",
    }),
    addedBy: uuid("added_by").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason"),
    /**
     * Kept from an import for someone who has not signed up yet: they pre-fill the profile at the
     * first sign-in (docs/admin-console.md, "Adding the company at once").
     */
    firstName: text("first_name"),
    lastName: text("last_name"),
    department: text("department"),
    /** The manager's address, office, way to meet and time zone, kept from an import the same way. */
    managerEmail: text("manager_email"),
    office: text("office"),
    meetWay: text("meet_way", { enum: meetWays }),
    timeZone: text("time_zone"),
    isActive: boolean("is_active").notNull().default(true),
    /**
     * Added by SCIM provisioning: being provisioned is being on the whitelist
     * (docs/decisions/0030-scim-provisioned-whitelist-entries.md).
     */
    scimManaged: boolean("scim_managed").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("allowed_emails_domain_idx").on(t.domain)],
);

/**
 * An address that asked for no more invitations by the invitation's one-click unsubscribe
 * (docs/mail.md, "Invitations and reminders"): no invitation or reminder goes to it again.
 */
export const invitationOptOuts = pgTable("invitation_opt_outs", {
  email: text("email").primaryKey(),
  createdAt: createdAt(),
});

export const departments = pgTable(
  "departments",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    displayName: text("display_name").notNull(),
    /** Null for the company-wide list used when an e-mail belongs to no group. */
    domainGroupId: integer("domain_group_id").references(() => domainGroups.id, {
      onDelete: "cascade",
    }),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [unique("departments_group_name_unique").on(t.domainGroupId, t.name).nullsNotDistinct()],
);

/**
 * The offices a person picks from (docs/profile.md, "How we meet"): a group's list, or the
 * company-wide list (null group) for people whose address belongs to no group.
 */
export const offices = pgTable(
  "offices",
  {
    id: serial("id").primaryKey(),
    domainGroupId: integer("domain_group_id").references(() => domainGroups.id, {
      onDelete: "cascade",
    }),
    name: text("name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique("offices_group_name_unique").on(t.domainGroupId, t.name).nullsNotDistinct()],
);

/** The company's interest tags (docs/profile.md, "Shared interests"); suggested until accepted. */
export const interestTags = pgTable(
  "interest_tags",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    accepted: boolean("accepted").notNull().default(false),
    suggestedBy: uuid("suggested_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("interest_tags_name_unique").on(sql`lower(${t.name})`)],
);

export const pairings = pgTable(
  "pairings",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    month: text("month").notNull(),
    /** `all` for company-wide, else the domain group id; survives the group's deletion. */
    scopeKey: text("scope_key").notNull(),
    domainGroupId: integer("domain_group_id").references(() => domainGroups.id, {
      onDelete: "set null",
    }),
    domainGroupName: text("domain_group_name"),
    runOfMonth: integer("run_of_month").notNull().default(1),
    status: text("status", { enum: pairingStatuses }).notNull().default("active"),
    totalPairs: integer("total_pairs").notNull().default(0),
    oddPolicy: text("odd_policy", { enum: oddPolicies }).notNull().default("trio"),
    seed: integer("seed"),
    stats: jsonb("stats"),
    /** Who sat out of the engine's run and why (shared/sat-out.ts), rendered with names when shown. */
    satOut: jsonb("sat_out").$type<SatOutEntry[]>().notNull().default([]),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    completedAt: tz("completed_at"),
    /**
     * When the members were first told their matches (an announcement or newsletter of the
     * pairing started sending); null before: a change then is silent (docs/matches.md).
     */
    announcedAt: tz("announced_at"),
  },
  (t) => [
    uniqueIndex("pairings_one_active_per_scope")
      .on(t.scopeKey, t.month, t.runOfMonth)
      .where(sql`${t.status} = 'active'`),
    check("pairings_status_check", oneOf(t.status, pairingStatuses)),
    check("pairings_odd_policy_check", oneOf(t.oddPolicy, oddPolicies)),
    check("pairings_month_check", sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);

export const matches = pgTable(
  "matches",
  {
    id: serial("id").primaryKey(),
    pairingId: integer("pairing_id")
      .notNull()
      .references(() => pairings.id, { onDelete: "cascade" }),
    month: text("month").notNull(),
    matchDate: tz("match_date").notNull().defaultNow(),
    status: text("status", { enum: matchStatuses }).notNull().default("active"),
    completedAt: tz("completed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    // A pairing's matches in id order: the admin's current-pairings pages walk it (migration 0016).
    index("matches_pairing_id_idx").on(t.pairingId, t.id),
    check("matches_status_check", oneOf(t.status, matchStatuses)),
  ],
);

/**
 * One row per member of a match (2 to 4 people, kept by the match-members module): the order in
 * which the members are listed, their answer and when they gave it. Decision 0021. The answer is
 * stored here only (docs/check-ins.md, "Answers"): null until they answer, then met, not_yet or
 * skip, from the check-in page, Slack or the Matches page alike.
 */
export const matchMembers = pgTable(
  "match_members",
  {
    matchId: integer("match_id")
      .notNull()
      .references(() => matches.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** 1 to 4: the order files, CSVs and the admin's lists show the members in. */
    position: smallint("position").notNull(),
    answer: text("answer", { enum: checkInAnswers }),
    answeredAt: tz("answered_at"),
  },
  (t) => [
    primaryKey({ columns: [t.matchId, t.userId] }),
    unique("match_members_position_unique").on(t.matchId, t.position),
    // A person's matches (current and history) from their id alone (docs/performance.md).
    index("match_members_user_idx").on(t.userId, t.matchId),
    check("match_members_position_check", sql`${t.position} between 1 and 4`),
    check(
      "match_members_answer_check",
      sql`${t.answer} is null or ${oneOf(t.answer, checkInAnswers)}`,
    ),
  ],
);

/**
 * The calendar event of a match (docs/matches.md, "The calendar invitation"): one per match, once
 * a member picked a time. Its UID is derived from the match id and never changes; `sequence`
 * grows with every change sent (RFC 5546); `recipient_ids` are the accounts that were sent the
 * event and have not had it cancelled, so a change cancels it for exactly those who had it. No
 * foreign key: the row outlives a deleted pairing's match long enough to send the cancellation.
 */
export const matchCalendarEvents = pgTable(
  "match_calendar_events",
  {
    matchId: integer("match_id").primaryKey(),
    sequence: integer("sequence").notNull().default(0),
    startsAt: tz("starts_at").notNull(),
    recipientIds: uuid("recipient_ids").array().notNull().default(sql`'{}'::uuid[]`),
    cancelledAt: tz("cancelled_at"),
    updatedAt: tz("updated_at").notNull(),
    /** Who booked it at its current start; null when unknown or their account is gone. */
    bookedBy: uuid("booked_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    // The events a person was sent, found when their match changes.
    index("match_calendar_events_recipients_idx").using("gin", t.recipientIds),
    check("match_calendar_events_sequence_check", sql`${t.sequence} >= 0`),
  ],
);

export type MatchCalendarEventRow = typeof matchCalendarEvents.$inferSelect;

/**
 * A member's busy time read from the company's calendar for one match (docs/scheduling.md, "What
 * is read from calendars"): instants only, as `[[startIso, endIso], …]`, never a title. Kept while
 * the match runs; deleted when it completes (the daily clean-up), with the match, or when the
 * person is erased (docs/privacy.md).
 */
export const matchBusyTimes = pgTable(
  "match_busy_times",
  {
    matchId: integer("match_id")
      .notNull()
      .references(() => matches.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    busy: jsonb("busy").$type<Array<[string, string]>>().notNull(),
    /** The range that was read: busy time outside it is unknown, not free. */
    readFrom: tz("read_from").notNull(),
    readTo: tz("read_to").notNull(),
    readAt: tz("read_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.matchId, t.userId] }),
    // A person's rows, for the export and erasure.
    index("match_busy_times_user_idx").on(t.userId),
  ],
);

/**
 * A proposed time a member of the match said does not fit ("None of these fit", docs/scheduling.md,
 * "Booking"): it and the hour either side are proposed no more for that match. No person is named.
 */
export const matchRefusedTimes = pgTable(
  "match_refused_times",
  {
    matchId: integer("match_id")
      .notNull()
      .references(() => matches.id, { onDelete: "cascade" }),
    startsAt: tz("starts_at").notNull(),
    refusedAt: tz("refused_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.matchId, t.startsAt] })],
);

/**
 * A person's private "never with" list (docs/profile.md, "Never with"): `userId` is never matched
 * with `otherId`, nor the other way round. Only its owner reads it; matching reads every row.
 */
export const neverWith = pgTable(
  "never_with",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    otherId: uuid("other_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    addedAt: tz("added_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.otherId] }),
    index("never_with_other_idx").on(t.otherId),
  ],
);

/**
 * How often what a person sees of their matches has changed: bumped by triggers (migration
 * 0017_member-view-versions) whenever their matches, their answers, their partners' public profiles
 * or their pairings change, so an app process may answer a repeated read from memory when the
 * number is the same (docs/performance.md, "Hot API path"; decision 0025). No foreign key: a
 * deleted person's row is harmless and the trigger of their deletion must still insert.
 */
export const memberViewVersions = pgTable("member_view_versions", {
  userId: uuid("user_id").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(1),
});

/** The same for changes that touch everyone's view (department names, whitelist groups): one row. */
export const viewVersion = pgTable(
  "view_version",
  {
    id: integer("id").primaryKey(),
    version: bigint("version", { mode: "number" }).notNull().default(1),
  },
  (t) => [check("view_version_one_row", sql`${t.id} = 1`)],
);

export const completedPairings = pgTable("completed_pairings", {
  id: serial("id").primaryKey(),
  fileName: text("file_name").notNull().unique(),
  pairingId: integer("pairing_id").references((): AnyPgColumn => pairings.id, {
    onDelete: "set null",
  }),
  name: text("name").notNull(),
  month: text("month").notNull(),
  domainGroupId: integer("domain_group_id").references(() => domainGroups.id, {
    onDelete: "set null",
  }),
  domainGroupName: text("domain_group_name"),
  runOfMonth: integer("run_of_month").notNull().default(1),
  matchCount: integer("match_count").notNull(),
  content: jsonb("content").notNull(),
  createdAt: createdAt(),
});

export const magicLinkTokens = pgTable(
  "magic_link_tokens",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    email: text("email").notNull(),
    expiresAt: tz("expires_at").notNull(),
    isUsed: boolean("is_used").notNull().default(false),
    usedAt: tz("used_at"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [index("magic_link_tokens_email_idx").on(t.email)],
);

export const authCodes = pgTable(
  "auth_codes",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    codeHash: text("code_hash").notNull(),
    expiresAt: tz("expires_at").notNull(),
    isUsed: boolean("is_used").notNull().default(false),
    usedAt: tz("used_at"),
    attempts: integer("attempts").notNull().default(0),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [index("auth_codes_email_idx").on(t.email)],
);

/**
 * Every outgoing message, e-mail, Slack and webhook calls alike (src/server/outbox/, docs/mail.md,
 * docs/chat.md "Deliveries", decision 0072): one row per message to one recipient, queued in the
 * transaction of the operation that sends it and delivered by the one engine (claim under a
 * lease, backoff, give-up after the horizon). Its lane is data on the row.
 */
export const outgoingMessages = pgTable(
  "outgoing_messages",
  {
    id: serial("id").primaryKey(),
    /** A kind of the one registry (jobs/message-kinds.ts): an e-mail kind, or a channel's. */
    kind: text("kind").notNull(),
    /** An e-mail address; `slack`; `webhook:<endpoint id>`. */
    recipient: text("recipient").notNull(),
    /** What the kind renders the message from (JSON); a Slack, Teams or webhook message's payload. */
    data: jsonb("data").notNull(),
    /** Set for a kind that is not repeated: a second message with the same key is not queued. */
    onceKey: text("once_key"),
    /**
     * E-mail: the mail transport of the process that queued it (Mailer.fingerprint, no
     * credentials); another channel: its name.
     */
    mailTransport: text("mail_transport").notNull(),
    /**
     * A kind someone is waiting for (a sign-in code): delivered by a lane of its own, never
     * behind a batch of other messages (docs/mail.md, "Urgent kinds").
     */
    urgent: boolean("urgent").notNull().default(false),
    /** `email`, `slack`, `webhook` (outbox/channels.ts). */
    channel: text("channel").$type<Channel>().notNull().default("email"),
    /**
     * Which lane delivers it (outbox/channels.ts): `email`, `email:urgent`, `slack` (one at a time,
     * Slack's rate limits), `webhook:<endpoint id>` (one at a time per endpoint).
     */
    lane: text("lane").notNull().default("email"),
    /** `pending` until `sent`, `failed` or `skipped` (a Slack or Teams message with no one to reach). */
    state: text("state", { enum: ["pending", "sent", "failed", "skipped"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: tz("next_attempt_at").notNull(),
    /** A worker is sending it until then; after that another may take it. */
    claimedUntil: tz("claimed_until"),
    claimedBy: text("claimed_by"),
    /** The first failure of the current run of transient failures; null after a success. */
    firstFailedAt: tz("first_failed_at"),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    sentAt: tz("sent_at"),
    createdAt: createdAt(),
    /** A webhook call's endpoint. */
    endpointId: integer("endpoint_id").references(() => webhookEndpoints.id, {
      onDelete: "cascade",
    }),
    matchId: integer("match_id").references(() => matches.id, { onDelete: "set null" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** A Slack intro's member named to organise; counted to rotate the role fairly. */
    organiserId: uuid("organiser_id").references(() => users.id, { onDelete: "set null" }),
    /** What the channel answered (Slack's conversation id and message ts). */
    result: jsonb("result").$type<Record<string, unknown>>(),
  },
  (t) => [
    index("outgoing_messages_due_idx").on(t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
    /** The Email Send Logs' automatic e-mails, newest first. */
    index("outgoing_messages_created_idx").on(t.createdAt, t.id),
    index("outgoing_messages_urgent_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'pending' and ${t.urgent}`),
    /** A round announcement's messages, by their announcement's key (its send's finish). */
    index("outgoing_messages_key_idx").on(t.kind, t.onceKey),
    uniqueIndex("outgoing_messages_once_idx")
      .on(t.kind, t.recipient, t.onceKey)
      .where(sql`${t.onceKey} is not null`),
    index("outgoing_messages_lane_idx")
      .on(t.lane, t.nextAttemptAt)
      .where(sql`${t.state} = 'pending' and ${t.channel} <> 'email'`),
    index("outgoing_messages_match_idx").on(t.matchId).where(sql`${t.matchId} is not null`),
    index("outgoing_messages_endpoint_idx")
      .on(t.endpointId, t.id)
      .where(sql`${t.endpointId} is not null`),
    check(
      "outgoing_messages_state_check",
      sql`${t.state} in ('pending', 'sent', 'failed', 'skipped')`,
    ),
  ],
);
export type OutgoingMessageRow = typeof outgoingMessages.$inferSelect;

export const emailVerifications = pgTable("email_verifications", {
  id: serial("id").primaryKey(),
  email: text("email").notNull(),
  codeHash: text("code_hash").notNull(),
  expiresAt: tz("expires_at").notNull(),
  isUsed: boolean("is_used").notNull().default(false),
  isAccountCreated: boolean("is_account_created").notNull().default(false),
  createdAt: createdAt(),
});

/** An admin's set-password link: single use, expiring, stored as a keyed hash (docs/sign-in.md). */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    isUsed: boolean("is_used").notNull().default(false),
    expiresAt: tz("expires_at").notNull(),
    /** `invite`: a new admin's first password; `reset`: a new one for an admin. */
    purpose: text("purpose", { enum: passwordLinkPurposes }).notNull().default("reset"),
    createdAt: createdAt(),
  },
  (t) => [check("password_reset_tokens_purpose_check", oneOf(t.purpose, passwordLinkPurposes))],
);

export const sessions = pgTable(
  "sessions",
  {
    id: serial("id").primaryKey(),
    /** SHA-256 of the cookie value; the value itself is never stored. */
    sessionHash: text("session_hash").notNull().unique(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Admin rights come only from an `admin` session (the password sign-in). */
    kind: text("kind", { enum: sessionKinds }).notNull().default("employee"),
    expiresAt: tz("expires_at").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    lastAccessedAt: tz("last_accessed_at").notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index("sessions_user_idx").on(t.userId),
    check("sessions_kind_check", oneOf(t.kind, sessionKinds)),
  ],
);

/**
 * Growing delays for password sign-in failures, keyed `account:<email>` or `ip:<address>`;
 * shared by every app process (see src/server/auth/password-throttle.ts).
 */
export const signInThrottles = pgTable("sign_in_throttles", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull(),
  lastFailureAt: tz("last_failure_at").notNull(),
  nextAttemptAt: tz("next_attempt_at").notNull(),
});

/**
 * An OpenID Connect sign-in under way: the state (hashed; the browser holds it in a cookie), the
 * nonce and the PKCE verifier. The callback deletes the row as it reads it, so a callback works once.
 */
export const oidcLogins = pgTable(
  "oidc_logins",
  {
    stateHash: text("state_hash").primaryKey(),
    nonce: text("nonce").notNull(),
    codeVerifier: text("code_verifier").notNull(),
    expiresAt: tz("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("oidc_logins_expires_idx").on(t.expiresAt)],
);

/** Fixed-window request counters for per-IP limits shared by several app processes. */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    resetAt: tz("reset_at").notNull(),
  },
  (t) => [index("rate_limit_counters_reset_idx").on(t.resetAt)],
);

export const companyInquiries = pgTable(
  "company_inquiries",
  {
    id: serial("id").primaryKey(),
    companyName: text("company_name").notNull(),
    contactEmail: text("contact_email").notNull(),
    expectedUsers: text("expected_users", { enum: expectedUsersChoices }).notNull(),
    additionalInfo: text("additional_info"),
    ipAddress: text("ip_address"),
    createdAt: createdAt(),
  },
  (t) => [
    check("company_inquiries_expected_users_check", oneOf(t.expectedUsers, expectedUsersChoices)),
  ],
);

export const newsletters = pgTable(
  "newsletters",
  {
    id: serial("id").primaryKey(),
    month: integer("month").notNull(),
    year: integer("year").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    status: text("status", { enum: newsletterStatuses }).notNull().default("draft"),
    /**
     * An announcement is a published round's short announcement (docs/rounds.md), a launch the
     * first admin's invitation to the whitelisted addresses (docs/admin-console.md): their
     * deliveries use the ledger; they are never listed, edited or archived as a newsletter.
     */
    kind: text("kind", { enum: newsletterKinds }).notNull().default("newsletter"),
    /**
     * A match change's e-mails (kind `match-change`, docs/matches.md "When a match changes"): one
     * spec per recipient (MatchChangeMail), queued with the change in its transaction.
     */
    mails: jsonb("mails"),
    moodDescription: text("mood_description"),
    moodImageUrl: text("mood_image_url"),
    newsletterImageUrl: text("newsletter_image_url"),
    quoteText: text("quote_text"),
    quoteAuthor: text("quote_author"),
    brainBuzzerQuestion: text("brain_buzzer_question"),
    /** JSON text lists, as the API carries them (docs/decisions/0013-newsletter-lists-as-json-text.md). */
    brainBuzzerChoices: text("brain_buzzer_choices").notNull().default("[]"),
    brainBuzzerCorrectAnswer: text("brain_buzzer_correct_answer"),
    coffeeChatsParagraph: text("coffee_chats_paragraph"),
    coffeeChatStarters: text("coffee_chat_starters").notNull().default("[]"),
    proTips: text("pro_tips").notNull().default("[]"),
    /** The pairing this newsletter announces: a completed record's file name or `current-pairing-{id}`. */
    pairingFile: text("pairing_file"),
    /** Last validation of the linked pairing (StoredValidation); cleared when the pairing changes. */
    validation: jsonb("validation"),
    matchPlaceholder: text("match_placeholder"),
    closingMessage: text("closing_message"),
    subject: text("subject"),
    adminNotes: text("admin_notes"),
    /** The mail transport of the send, without secrets ("smtp://host:port", "outbox"). */
    mailTransport: text("mail_transport"),
    domainGroupId: integer("domain_group_id").references(() => domainGroups.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    approvedAt: tz("approved_at"),
    sentAt: tz("sent_at"),
  },
  (t) => [
    check("newsletters_status_check", oneOf(t.status, newsletterStatuses)),
    check("newsletters_month_check", sql`${t.month} between 1 and 12`),
    check("newsletters_kind_check", oneOf(t.kind, newsletterKinds)),
    uniqueIndex("newsletters_one_per_month")
      .on(t.year, t.month)
      .where(sql`${t.kind} = 'newsletter'`),
    uniqueIndex("newsletters_one_announcement_per_pairing")
      .on(t.pairingFile)
      .where(sql`${t.kind} = 'announcement'`),
    /** The launch invitation's send before it moved to the outbox: there was at most one. */
    uniqueIndex("newsletters_one_launch")
      .on(t.kind)
      .where(sql`${t.kind} = 'launch'`),
  ],
);

export const newsletterDeliveries = pgTable(
  "newsletter_deliveries",
  {
    id: serial("id").primaryKey(),
    newsletterId: integer("newsletter_id")
      .notNull()
      .references(() => newsletters.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    recipientEmail: text("recipient_email").notNull(),
    matchEmail: text("match_email"),
    state: text("state", { enum: deliveryStates }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    errorCode: text("error_code"),
    errorText: text("error_text"),
    /** The worker holding this delivery while `state` is sending; another may take it once the lease ends. */
    claimedBy: text("claimed_by"),
    claimedAt: tz("claimed_at"),
    leaseExpiresAt: tz("lease_expires_at"),
    /** A transient failure puts the delivery back to pending until this time (backoff). */
    nextAttemptAt: tz("next_attempt_at"),
    /** The first of the transient failures in a row (an outage); cleared when it is sent. */
    failingSince: tz("failing_since"),
    /** The log entry's send_status once the delivery has ended (success, failed, sendgrid_*). */
    sendStatus: text("send_status", { enum: sendStatuses }),
    messageId: text("message_id"),
    sentAt: tz("sent_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("newsletter_deliveries_once_per_recipient").on(t.newsletterId, t.recipientEmail),
    index("newsletter_deliveries_state_idx").on(t.newsletterId, t.state),
    check("newsletter_deliveries_state_check", oneOf(t.state, deliveryStates)),
    check(
      "newsletter_deliveries_send_status_check",
      sql`${t.sendStatus} is null or ${oneOf(t.sendStatus, sendStatuses)}`,
    ),
  ],
);

export const emailLogs = pgTable(
  "email_logs",
  {
    id: serial("id").primaryKey(),
    /** Not a foreign key: a sent newsletter is archived and deleted, its log stays. */
    newsletterId: integer("newsletter_id").notNull(),
    newsletterTitle: text("newsletter_title").notNull(),
    month: integer("month").notNull(),
    year: integer("year").notNull(),
    sentAt: tz("sent_at").notNull(),
    pairingFile: text("pairing_file"),
    archiveFilename: text("archive_filename"),
    domainGroupId: integer("domain_group_id").references(() => domainGroups.id, {
      onDelete: "set null",
    }),
    domainGroupName: text("domain_group_name"),
    totalRecipients: integer("total_recipients").notNull().default(0),
    successfulSends: integer("successful_sends").notNull().default(0),
    failedSends: integer("failed_sends").notNull().default(0),
    matchValidationSummary: jsonb("match_validation_summary").notNull().default({}),
    isArchived: boolean("is_archived").notNull().default(false),
    archivedAt: tz("archived_at"),
    createdAt: createdAt(),
  },
  (t) => [index("email_logs_period_idx").on(t.year, t.month)],
);

/**
 * One recipient's line of a send log (an `EmailLogEntry`), `position` 0… in send order. A row
 * each, so a page of a company-wide send's 100,000 lines reads 50 rows, not one value holding
 * them all (docs/performance.md, "A send log's entries a row each").
 */
export const emailLogEntries = pgTable(
  "email_log_entries",
  {
    logId: integer("log_id")
      .notNull()
      .references(() => emailLogs.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    entry: jsonb("entry").notNull(),
  },
  (t) => [primaryKey({ columns: [t.logId, t.position] })],
);

export const newsletterArchive = pgTable("newsletter_archive", {
  id: serial("id").primaryKey(),
  newsletterId: integer("newsletter_id").notNull().unique(),
  archiveFilename: text("archive_filename").notNull().unique(),
  snapshot: jsonb("snapshot").notNull(),
  archivedAt: createdAt(),
});

export const images = pgTable(
  "images",
  {
    id: serial("id").primaryKey(),
    /** Server-made name; the only part of a URL that maps to a stored file. */
    filename: text("filename").notNull().unique(),
    originalName: text("original_name"),
    source: text("source", { enum: imageSources }).notNull().default("admin-uploaded"),
    purpose: text("purpose", { enum: imagePurposes }).notNull().default("gallery"),
    mimeType: text("mime_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    width: integer("width"),
    height: integer("height"),
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("images_source_check", oneOf(t.source, imageSources)),
    check("images_purpose_check", oneOf(t.purpose, imagePurposes)),
  ],
);

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    kind: text("kind", { enum: mailKinds }).notNull().default("other"),
    toAddress: text("to_address").notNull(),
    fromAddress: text("from_address").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    links: jsonb("links").notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [check("mail_outbox_kind_check", oneOf(t.kind, mailKinds))],
);

export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: updatedAt(),
});

/** Per scope (`all` or a domain group id, as pairings.scope_key); a scope without a row uses the defaults. */
export const roundSettings = pgTable(
  "round_settings",
  {
    scopeKey: text("scope_key").primaryKey(),
    /** A PairingSchedule; null follows the company's `pairing_schedule` setting. */
    schedule: jsonb("schedule"),
    reviewDays: integer("review_days").notNull().default(3),
    checkInDays: integer("check_in_days").notNull().default(7),
    auto: boolean("auto").notNull().default(true),
    /**
     * When the scope's rounds began to run by themselves (first look, or auto turned back on):
     * a round whose review window opened before then is left to the admin, not caught up.
     */
    autoSince: tz("auto_since").notNull().defaultNow(),
    /**
     * When an admin last saved these settings; null while the row only holds the defaults a first
     * look wrote (the getting-started checklist's "Set the time zone and the pairing schedule"
     * step).
     */
    savedAt: tz("saved_at"),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("round_settings_review_days_check", sql`${t.reviewDays} between 0 and 14`),
    check("round_settings_check_in_days_check", sql`${t.checkInDays} between 1 and 21`),
  ],
);

/**
 * One dated step of one scope's round for one month, claimed by a process under a lease so it
 * runs exactly once (docs/rounds.md).
 */
export const roundSteps = pgTable(
  "round_steps",
  {
    id: serial("id").primaryKey(),
    scopeKey: text("scope_key").notNull(),
    month: text("month").notNull(),
    kind: text("kind", { enum: roundStepKinds }).notNull(),
    dueAt: tz("due_at").notNull(),
    state: text("state", { enum: roundStepStates }).notNull().default("pending"),
    claimedBy: text("claimed_by"),
    leaseExpiresAt: tz("lease_expires_at"),
    attempts: integer("attempts").notNull().default(0),
    pairingId: integer("pairing_id").references(() => pairings.id, { onDelete: "set null" }),
    doneAt: tz("done_at"),
    /** Set (claimed) just before a publish announces: members are told at most once. */
    announcedAt: tz("announced_at"),
    /** Set once a draft step has told the admins: a draft stored by a run that died is told on re-run. */
    adminsToldAt: tz("admins_told_at"),
    /** Why a step was skipped or failed, in words for the admin. */
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("round_steps_once").on(t.scopeKey, t.month, t.kind),
    index("round_steps_due_idx").on(t.state, t.dueAt),
    check("round_steps_kind_check", oneOf(t.kind, roundStepKinds)),
    check("round_steps_state_check", oneOf(t.state, roundStepStates)),
    check("round_steps_month_check", sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);

/** A step of an earlier round of the month as it stood when the next round replaced it. */
export interface EarlierRoundStep {
  kind: RoundStepRow["kind"];
  dueAt: string;
  state: RoundStepRow["state"];
  doneAt: string | null;
  note: string | null;
}

/**
 * The steps of a month's earlier round, kept when a second round of the month takes over its
 * `round_steps` rows (docs/rounds.md, "A start on any day"), so the timeline still shows them.
 */
export const earlierRoundRuns = pgTable(
  "earlier_round_runs",
  {
    id: serial("id").primaryKey(),
    scopeKey: text("scope_key").notNull(),
    month: text("month").notNull(),
    pairingId: integer("pairing_id")
      .notNull()
      .references(() => pairings.id, { onDelete: "cascade" }),
    steps: jsonb("steps").$type<EarlierRoundStep[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("earlier_round_runs_once").on(t.pairingId),
    index("earlier_round_runs_month_idx").on(t.scopeKey, t.month),
  ],
);

/**
 * A round's pairing while only admins see it: its matches live here, not in `matches`, so no
 * member read can show them; publishing turns them into the month's active pairing.
 */
export const roundDrafts = pgTable(
  "round_drafts",
  {
    id: serial("id").primaryKey(),
    scopeKey: text("scope_key").notNull(),
    domainGroupId: integer("domain_group_id").references(() => domainGroups.id, {
      onDelete: "set null",
    }),
    month: text("month").notNull(),
    /** The draft's matches as user ids, two to four per match. */
    matches: jsonb("matches").$type<string[][]>().notNull(),
    unmatched: jsonb("unmatched").$type<string[]>().notNull().default([]),
    /** Why each person the engine left out sat out (shared/sat-out.ts). */
    satOut: jsonb("sat_out").$type<SatOutEntry[]>().notNull().default([]),
    oddPolicy: text("odd_policy", { enum: oddPolicies }).notNull().default("trio"),
    seed: integer("seed"),
    stats: jsonb("stats"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("round_drafts_once").on(t.scopeKey, t.month),
    check("round_drafts_odd_policy_check", oneOf(t.oddPolicy, oddPolicies)),
  ],
);

/**
 * API tokens of the admin API (docs/api.md, "API tokens"): the SHA-256 of the token, never the
 * token; it acts as its creator with its scope until it expires or is revoked, and goes with
 * its creator's account.
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    /** The token's first characters, to tell tokens apart in the list. */
    start: text("start").notNull(),
    scope: text("scope", { enum: apiTokenScopes }).notNull(),
    createdBy: uuid("created_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: tz("expires_at").notNull(),
    revokedAt: tz("revoked_at"),
    lastUsedAt: tz("last_used_at"),
  },
  (t) => [check("api_tokens_scope_check", oneOf(t.scope, apiTokenScopes))],
);
export type ApiTokenRow = typeof apiTokens.$inferSelect;

/** Every automatic action, for the admin's activity list: what, when, on whom. */
export const activities = pgTable(
  "activities",
  {
    id: serial("id").primaryKey(),
    at: tz("at").notNull(),
    /** A dotted name such as `round.published` (docs/rounds.md lists them). */
    kind: text("kind").notNull(),
    /** The person it concerned, if one. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    scopeKey: text("scope_key"),
    month: text("month"),
    pairingId: integer("pairing_id"),
    /** One sentence for the admin. */
    detail: text("detail").notNull(),
    data: jsonb("data"),
  },
  (t) => [index("activities_at_idx").on(t.at), index("activities_user_idx").on(t.userId)],
);

/**
 * One person's check-in question for one month's pairing (docs/check-ins.md): asked once,
 * reminded at most once. The row is claimed before the e-mail goes out, so two runs of the
 * check-in step never ask twice. The answer itself is the member's, on `match_members`.
 */
export const checkIns = pgTable(
  "check_ins",
  {
    id: serial("id").primaryKey(),
    pairingId: integer("pairing_id")
      .notNull()
      .references(() => pairings.id, { onDelete: "cascade" }),
    matchId: integer("match_id").references(() => matches.id, { onDelete: "set null" }),
    /** Null once the history retention anonymised the row (docs/privacy.md "Retention"). */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** When the question was claimed. */
    askedAt: tz("asked_at").notNull(),
    /** When the question's e-mail went out: a claim without it (a run died) is asked again. */
    sentAt: tz("sent_at"),
    remindedAt: tz("reminded_at"),
    /** When the reminder's e-mail went out: a reminder claimed but never sent is sent again. */
    reminderSentAt: tz("reminder_sent_at"),
  },
  (t) => [
    unique("check_ins_pairing_user_unique").on(t.pairingId, t.userId),
    index("check_ins_user_idx").on(t.userId),
  ],
);

/**
 * "Still up for coffee chats?" asked of someone silent for three rounds in a row. While a
 * question is open (no answer yet) the person is left out of every pairing (pairings/scope.ts).
 */
export const stillInQuestions = pgTable(
  "still_in_questions",
  {
    id: serial("id").primaryKey(),
    /** Null once the history retention anonymised an answered question (docs/privacy.md). */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    scopeKey: text("scope_key").notNull(),
    /** The silent rounds' months, oldest first: the admin's "why". */
    silentMonths: jsonb("silent_months").$type<string[]>().notNull(),
    askedAt: tz("asked_at").notNull(),
    choice: text("choice", { enum: stillInChoices }),
    answeredAt: tz("answered_at"),
  },
  (t) => [
    uniqueIndex("still_in_questions_one_open").on(t.userId).where(sql`${t.answeredAt} is null`),
    check(
      "still_in_questions_choice_check",
      sql`${t.choice} is null or ${oneOf(t.choice, stillInChoices)}`,
    ),
  ],
);

/**
 * Daily jobs that must run once a day across every process (docs/privacy.md "Retention"): a
 * process claims the row under a lease, runs the day's work, and records the day it finished.
 */
export const dailyJobs = pgTable("daily_jobs", {
  name: text("name").primaryKey(),
  /** The last UTC day (YYYY-MM-DD) the job finished for; null until its first run. */
  doneFor: text("done_for"),
  claimedBy: text("claimed_by"),
  leaseExpiresAt: tz("lease_expires_at"),
  lastRunAt: tz("last_run_at"),
  /** What the last run did, in words for the admin. */
  note: text("note"),
});

/**
 * A person's Slack user id, found by their address (`users.lookupByEmail`) and remembered
 * (docs/chat.md). `slack_user_id` null: Slack did not know the address at `looked_up_at`; looked
 * up again a day later. Keyed by the address looked up, so a changed address is looked up anew.
 */
export const slackPeople = pgTable("slack_people", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  email: text("email").notNull(),
  slackUserId: text("slack_user_id"),
  lookedUpAt: tz("looked_up_at").notNull(),
});

/**
 * A person's Teams identity (docs/chat.md, "Microsoft Teams"): their Microsoft Entra object id,
 * found by address through Graph, and the bot's 1:1 conversation with them. `not_reached` says
 * why Teams cannot reach them (shown to the admin); asked again a day later. Keyed by the
 * address looked up, so a changed address is looked up anew. Ids only, never messages.
 */
export const teamsPeople = pgTable(
  "teams_people",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    aadObjectId: text("aad_object_id"),
    conversationId: text("conversation_id"),
    notReached: text("not_reached"),
    lookedUpAt: tz("looked_up_at").notNull(),
  },
  (t) => [index("teams_people_aad_object_id_idx").on(t.aadObjectId)],
);

/** An admin's outgoing webhook (docs/chat.md, "Webhooks"): signed per Standard Webhooks. */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: serial("id").primaryKey(),
  url: text("url").notNull(),
  events: jsonb("events").$type<string[]>().notNull(),
  /** `whsec_…`, the Standard Webhooks secret the receiver verifies with. */
  secret: text("secret").notNull(),
  /** Calls that failed in a row (docs/chat.md, "Lanes and the breaker"); a delivered one resets it. */
  failuresInARow: integer("failures_in_a_row").notNull().default(0),
  /** Set while the endpoint is paused (the breaker, or a 410 Gone): nothing is sent until resumed. */
  pausedAt: tz("paused_at"),
  /** Why it was paused, as the admin reads it. */
  pauseReason: text("pause_reason"),
  createdAt: createdAt(),
});

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type MatchRow = typeof matches.$inferSelect;
export type MatchMemberRow = typeof matchMembers.$inferSelect;
export type PairingRow = typeof pairings.$inferSelect;
export type DomainGroupRow = typeof domainGroups.$inferSelect;
export type DepartmentRow = typeof departments.$inferSelect;
export type RoundStepRow = typeof roundSteps.$inferSelect;
export type RoundDraftRow = typeof roundDrafts.$inferSelect;
export type ActivityRow = typeof activities.$inferSelect;
export type NewsletterRow = typeof newsletters.$inferSelect;

/**
 * The Connections figures last counted per period and domain group (docs/performance.md,
 * "Connections"; decision 0049): the aggregates of connection-aggregates.ts as counted at
 * `version` (the member view versions' sum and the department names' version, read in the same
 * snapshot), shared by every app process. The connection-figures job recounts a stale key under
 * a lease on ctx.clock; a read answers what is here at once.
 */
export const connectionFigures = pgTable(
  "connection_figures",
  {
    fromMonth: text("from_month").notNull(),
    toMonth: text("to_month").notNull(),
    /** 0: every pairing; otherwise one domain group's pairings. */
    domainGroupId: integer("domain_group_id").notNull(),
    /** Null until first counted (a default view the job is to count). */
    aggregates: jsonb("aggregates"),
    /** `<sum of member_view_versions> <view_version>` when the aggregates were counted. */
    version: text("version"),
    countedAt: tz("counted_at"),
    /** A read found the figures stale since they were counted: recount them even off the default period. */
    recountAskedAt: tz("recount_asked_at"),
    claimedBy: text("claimed_by"),
    leaseExpiresAt: tz("lease_expires_at"),
  },
  (t) => [primaryKey({ columns: [t.fromMonth, t.toMonth, t.domainGroupId] })],
);
