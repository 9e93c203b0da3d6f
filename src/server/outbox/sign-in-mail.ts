import { eq, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import { users } from "../db/schema";
import type { SignInMailData } from "./payload-parts";

/** The longest a sign-in mail, and the plain code or token in it, waits to be sent. */
export const SIGN_IN_MAIL_MAX_WAIT_MS = 10 * 60_000;

/** Sent within the secret's own lifetime and at most ten minutes after the request, or never. */
export function signInSendBy(now: Date, secretTtlMs: number): string {
  return new Date(now.getTime() + Math.min(secretTtlMs, SIGN_IN_MAIL_MAX_WAIT_MS)).toISOString();
}

/**
 * What the sign-in kinds share (docs/sign-in.md, "No account-state oracle"; docs/mail.md, "Urgent
 * kinds"): urgent, carrying a secret, sent in time or never, and withheld at delivery from a
 * deactivated account, so the request did the same work for every address. `what` names the
 * mail in the log line that says why a person got nothing.
 */
export function signInMailRules<Data extends SignInMailData>(what: string) {
  return {
    urgent: true,
    carriesSecret: true,
    sendBy: (data: Data) => new Date(data.sendBy),
    async withhold(ctx: AppContext, _data: Data, recipient: string) {
      const [account] = await ctx.db
        .select({ isActive: users.isActive })
        .from(users)
        .where(eq(sql`lower(${users.email})`, recipient));
      return account && !account.isActive
        ? `No ${what} sent to ${recipient}: the account is deactivated.`
        : null;
    },
  } as const;
}
