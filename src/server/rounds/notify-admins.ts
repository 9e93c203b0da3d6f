import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { and, eq } from "drizzle-orm";
import { monthDisplay } from "../../shared/pairings";
import type { AppContext } from "../context";
import { type RoundDraftRow, users } from "../db/schema";
import { renderEmail } from "../mail/render-email";
import { RoundDraftEmail } from "../mail/templates/round-draft-email";
import type { RoundScope } from "./round-settings";

/** An instant in the company's zone, as the admin reads it. */
export function inZone(at: Date, timeZone: string): string {
  return `${format(new TZDate(at.getTime(), timeZone), "EEEE, MMMM d, yyyy 'at' HH:mm")} (${timeZone})`;
}

/**
 * Tells every active admin that a round's draft waits for review, with a link to Operations.
 * A failed send is logged and the round goes on: the draft is in the dashboard either way.
 */
export async function notifyAdminsOfDraft(
  ctx: AppContext,
  scope: RoundScope,
  draft: RoundDraftRow,
  publish: { at: Date; timeZone: string },
  log: (line: string) => void,
): Promise<number> {
  const admins = await ctx.db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.isActive, true)));
  const month = monthDisplay(draft.month);
  const { html, text } = await renderEmail(
    RoundDraftEmail({
      scope: scope.label,
      month,
      pairs: draft.matches.length,
      unmatched: draft.unmatched.length,
      publishAt: inZone(publish.at, publish.timeZone),
      reviewUrl: `${ctx.config.appUrl}/admin`,
    }),
  );
  let sent = 0;
  for (const admin of admins) {
    try {
      await ctx.mailer.send({
        to: admin.email,
        subject: `Review the ${month} pairing for ${scope.label}`,
        html,
        text,
        kind: "other",
      });
      sent++;
    } catch (error) {
      log(`Rounds: the draft notice to an admin failed: ${(error as Error).message}`);
    }
  }
  return sent;
}
