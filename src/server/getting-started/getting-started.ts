import { eq, ne, sql } from "drizzle-orm";
import type { GettingStarted } from "../../shared/company";
import { DEFAULT_DEPARTMENT } from "../../shared/departments";
import type { AppContext } from "../context";
import { allowedEmails, departments, newsletters, roundSettings, settings } from "../db/schema";
import { launchRecipients } from "../newsletters/send/queue-launch";
import { TIME_ZONE_KEY } from "../rounds/round-settings";
import { getCompanySettings } from "../settings/company-settings";

const INVITED_KEY = "launch_invited";

/** Records that the admin shared the invitation (the checklist's last step). */
export async function markInvited(ctx: AppContext): Promise<void> {
  const value = { at: ctx.clock.now().toISOString() };
  await ctx.db
    .insert(settings)
    .values({ key: INVITED_KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

const exists = async (query: Promise<unknown[]>) => (await query).length > 0;

/**
 * The first admin's checklist, read from what is set up (docs/admin-console.md, "Getting
 * started"): a company name and time zone, whitelisted domains, departments, a schedule saved
 * for the rounds, an optional newsletter, and the invitation shared or the launch e-mail sent.
 * Read-only.
 */
export async function gettingStarted(ctx: AppContext): Promise<GettingStarted> {
  const key = (k: string) =>
    exists(ctx.db.select({ k: settings.key }).from(settings).where(eq(settings.key, k)).limit(1));
  const [company, timeZone, invited, schedule, newsletter, lists, entries, launch, reach] =
    await Promise.all([
      getCompanySettings(ctx.db),
      key(TIME_ZONE_KEY),
      key(INVITED_KEY),
      exists(ctx.db.select({ k: roundSettings.scopeKey }).from(roundSettings).limit(1)),
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
      ctx.db
        .select({ id: newsletters.id, status: newsletters.status })
        .from(newsletters)
        .where(eq(newsletters.kind, "launch")),
      launchRecipients(ctx.db),
    ]);
  const steps = {
    company: company.name !== "" && timeZone,
    domains: entries[0].n > 0,
    departments: lists,
    schedule,
    newsletter,
    invite: invited || launch.length > 0,
  };
  const required = [steps.company, steps.domains, steps.departments, steps.schedule, steps.invite];
  return {
    steps,
    whitelistEntries: entries[0].n,
    signInUrl: `${ctx.config.appUrl}/auth`,
    launchRecipients: reach.length,
    launch: launch[0] ?? null,
    // The card stays while the invitation is going out, to show its progress.
    done: required.every(Boolean) && launch[0]?.status !== "sending",
  };
}
