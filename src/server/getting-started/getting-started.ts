import { eq, isNotNull, ne, sql } from "drizzle-orm";
import type { GettingStarted } from "../../shared/company";
import { DEFAULT_DEPARTMENT } from "../../shared/departments";
import type { AppContext } from "../context";
import { allowedEmails, departments, newsletters, roundSettings, settings } from "../db/schema";
import { TIME_ZONE_KEY } from "../rounds/round-settings";
import { getCompanySettings } from "../settings/company-settings";
import { launchState } from "./launch-status";
import { lastInvited, notYetInvited } from "./queue-invitations";
import { launchRecipients } from "./queue-launch";

const INVITED_KEY = "launch_invited";
const DISMISSED_KEY = "getting_started_dismissed";

/** The admin put the checklist away before every step was done; it stays away. */
export const dismissGettingStarted = (ctx: AppContext) => rememberNow(ctx, DISMISSED_KEY);

/** Records that the admin shared the invitation (the checklist's last step). */
export const markInvited = (ctx: AppContext) => rememberNow(ctx, INVITED_KEY);

/** A settings row saying when something happened; its presence is what the checklist reads. */
async function rememberNow(ctx: AppContext, key: string): Promise<void> {
  const value = { at: ctx.clock.now().toISOString() };
  await ctx.db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

const exists = async (query: Promise<unknown[]>) => (await query).length > 0;

/**
 * The first admin's checklist, read from what is set up (docs/admin-console.md, "Getting
 * started"): the company's name as saved, whitelisted domains, departments, the time zone and a
 * schedule saved by an admin for the rounds (not the defaults a first look writes; both are set
 * under Monthly rounds), an optional newsletter, and the invitation shared, or sent to everyone
 * it reaches (by the launch or from the Email Whitelist). `done` once every step is, the optional
 * newsletter included, or once the admin dismissed the list. Read-only.
 */
export async function gettingStarted(ctx: AppContext): Promise<GettingStarted> {
  const key = (k: string) =>
    exists(ctx.db.select({ k: settings.key }).from(settings).where(eq(settings.key, k)).limit(1));
  const [
    company,
    timeZone,
    invited,
    dismissed,
    schedule,
    newsletter,
    lists,
    entries,
    launch,
    reach,
  ] = await Promise.all([
    getCompanySettings(ctx.db),
    key(TIME_ZONE_KEY),
    key(INVITED_KEY),
    key(DISMISSED_KEY),
    exists(
      ctx.db
        .select({ k: roundSettings.scopeKey })
        .from(roundSettings)
        .where(isNotNull(roundSettings.savedAt))
        .limit(1),
    ),
    exists(
      ctx.db
        .select({ id: newsletters.id })
        .from(newsletters)
        .where(eq(newsletters.kind, "newsletter"))
        .limit(1),
    ),
    exists(
      ctx.db
        .select({ id: departments.id })
        .from(departments)
        .where(ne(departments.name, DEFAULT_DEPARTMENT))
        .limit(1),
    ),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(allowedEmails)
      .where(eq(allowedEmails.isActive, true)),
    launchState(ctx),
    invitationReach(ctx),
  ]);
  const steps = {
    company: company.name !== "",
    domains: entries[0].n > 0,
    departments: lists,
    schedule: schedule && timeZone,
    newsletter,
    invite: invited || launch !== null || reach.everyoneInvited,
  };
  return {
    steps,
    whitelistEntries: entries[0].n,
    signInUrl: `${ctx.config.appUrl}/auth`,
    launchRecipients: reach.due,
    launch,
    dismissed,
    // The card stays while the invitation is going out, to show its progress.
    done: dismissed || (Object.values(steps).every(Boolean) && launch?.status !== "sending"),
  };
}

/**
 * Whom the launch would e-mail now: the people who have not signed up, less whoever was invited
 * already or asked for no more (notYetInvited); and whether every one of those people was invited.
 */
async function invitationReach(ctx: AppContext) {
  const recipients = await launchRecipients(ctx.db);
  const [last, { due }] = await Promise.all([
    lastInvited(ctx.db, recipients),
    notYetInvited(ctx.db, recipients),
  ]);
  return {
    due: due.length,
    everyoneInvited: recipients.length > 0 && recipients.every((email) => last.has(email)),
  };
}
