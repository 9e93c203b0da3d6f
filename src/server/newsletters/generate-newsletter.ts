import { and, eq } from "drizzle-orm";
import { monthName } from "../../shared/months";
import type { Newsletter } from "../../shared/newsletters";
import { activePairingFile } from "../../shared/pairing-file-names";
import type { AppContext } from "../context";
import { utcMonthOf } from "../dates/month-dates";
import { newsletters, pairings } from "../db/schema";
import { Conflict } from "../errors";
import { validatePairing } from "./compose/composer";
import { toStoredValidation } from "./compose/validate";
import { defaultNewsletter } from "./newsletter-defaults";
import { presentNewsletter } from "./present";

/** "2026-12" for the month after `now`'s (UTC). */
export function nextMonthOf(now: Date): string {
  const [year, month] = utcMonthOf(now).split("-").map(Number);
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, "0")}`;
}

/**
 * Creates the draft of `requested` ("2026-12"), or of the first month without a newsletter among
 * this month and the next (UTC), so next month's can be prepared once this month's exists or is
 * sent. One newsletter per month: the unique index `newsletters_one_per_month` decides between
 * concurrent requests, and a second generate is refused with a message. When the month has
 * exactly one active pairing it is linked and validated.
 */
export async function generateNewsletter(ctx: AppContext, requested?: string): Promise<Newsletter> {
  const now = ctx.clock.now();
  const target = requested ?? (await firstFreeMonth(ctx, now));
  const [year, month] = target.split("-").map(Number);
  const values = defaultNewsletter(month, year);

  const active = await ctx.db
    .select({ id: pairings.id, domainGroupId: pairings.domainGroupId })
    .from(pairings)
    .where(and(eq(pairings.status, "active"), eq(pairings.month, target)));
  if (active.length === 1) {
    const pairingFile = activePairingFile(active[0].id);
    values.pairingFile = pairingFile;
    values.domainGroupId = active[0].domainGroupId;
    values.validation = toStoredValidation(
      pairingFile,
      await validatePairing(ctx, pairingFile),
      now,
    );
  }

  const [created] = await ctx.db
    .insert(newsletters)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  if (!created) throw await alreadyExists(ctx, month, year);
  return presentNewsletter(ctx, created);
}

async function firstFreeMonth(ctx: AppContext, now: Date): Promise<string> {
  const candidates = [utcMonthOf(now), nextMonthOf(now)];
  const taken = await ctx.db
    .select({ month: newsletters.month, year: newsletters.year })
    .from(newsletters)
    .where(eq(newsletters.kind, "newsletter"));
  const used = new Set(taken.map((n) => `${n.year}-${String(n.month).padStart(2, "0")}`));
  return candidates.find((m) => !used.has(m)) ?? candidates[1];
}

async function alreadyExists(ctx: AppContext, month: number, year: number): Promise<Conflict> {
  const [existing] = await ctx.db
    .select({ status: newsletters.status })
    .from(newsletters)
    .where(
      and(
        eq(newsletters.month, month),
        eq(newsletters.year, year),
        eq(newsletters.kind, "newsletter"),
      ),
    );
  const period = `${monthName(month)} ${year}`;
  return existing?.status === "sent"
    ? new Conflict(
        `The ${period} newsletter has already been sent. It stays listed with its log.`,
        "newsletter_exists",
      )
    : new Conflict(
        `A newsletter for ${period} already exists. Edit it, or delete it to start again.`,
        "newsletter_exists",
      );
}
