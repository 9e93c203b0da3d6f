import { describe, expect, it } from "vitest";
import { linesMatching, serverSource, serverSourceFiles } from "./test/server-source-lines";

// Every row lock (FOR UPDATE, FOR SHARE) and advisory lock of the server is written in the lock
// module of its table, with the reads made under it, and every operation calls that module
// (docs/architecture.md, "Locks"). A lock written anywhere else fails here: call the table's
// lock module, or add the function there.
/** The lock modules, each the one place for its table's locks. */
const lockModules: Record<string, string> = {
  "pairings/locks/pairing-locks.ts":
    "pairings: a pairing's row, the running ones, the scope and month, completed file names",
  "pairings/locks/people-locks.ts": "users and allowed_emails: the people a pairing places",
  "match-members/member-locks.ts": "match_members: one member's answer",
  "rounds/draft-locks.ts": "round_drafts: a scope's draft of the month",
  "rounds/step-ledger.ts": "round_steps: claimed under a lease",
  "jobs/daily-job.ts": "daily_jobs: claimed under a lease",
  "outbox/lane-ledger.ts":
    "outgoing_messages of the channels besides e-mail: claimed under a lease, one per lane",
  "outbox/claim-messages.ts": "outgoing_messages: claimed under a lease",
  "auth/send-throttle.ts": "sign-in mail per address",
  "auth/verify-code.ts": "code checks per address",
  "auth/admins/add-admin.ts": "an admin account by address",
  "auth/admins/forgot-password.ts": "an admin account by address, from the sign-in",
  "auth/admins/send-admin-password-link.ts": "an admin account by id",
  "auth/admins/set-password.ts": "password_reset_tokens and the admin it sets",
  "auth/setup/complete-setup.ts": "settings: the first admin's setup token",
  "directory/departments/lock-department-list.ts": "departments: one scope's list",
  "directory/departments/department-list-scope.ts": "departments: the rows of one scope's list",
  "directory/departments/merge-department.ts": "departments: the two being merged",
  "icalendar/match-calendar-events.ts": "match_calendar_events",
  "scheduling/match-busy-times.ts":
    "matches: a running match while its members' busy times are kept",
  "metrics/connections/stored-connection-figures.ts": "connection_figures: one count at a time",
  "getting-started/queue-invitations.ts": "invitations: one queueing at a time",
  "profile/never-with.ts": "never_with: one person's list, added to one at a time",
  "db/client.ts": "migrations: one process at a time",
  "db/start-lock.ts": "start-time writes: one starting process at a time",
};

/** A row lock or an advisory lock, in SQL or in Drizzle's `.for(…)`. */
const lockPattern =
  /\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b|pg_advisory|\.for\(\s*"/i;
const files = serverSourceFiles();
const locksIn = (file: string) => linesMatching(file, lockPattern);

describe("locks", () => {
  it("are written only in the lock module of their table", () => {
    const offenders = files.filter((file) => !Object.hasOwn(lockModules, file)).flatMap(locksIn);
    expect(offenders).toEqual([]);
  });

  it("finds a lock in each lock module, so none of them is listed in vain", () => {
    const empty = Object.keys(lockModules).filter((file) => locksIn(file).length === 0);
    expect(empty).toEqual([]);
  });

  it("takes the pairings' scope and month lock in one place", () => {
    const keyed = files.filter((file) => serverSource(file).includes("727100"));
    expect(keyed).toEqual(["pairings/locks/pairing-locks.ts"]);
  });
});
