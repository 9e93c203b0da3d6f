import type { WebClient } from "@slack/web-api";
import { and, eq, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import { slackPeople } from "../db/schema";
import { isMemberSql } from "../match-members/match-members";
import { slackClient } from "./slack-client";

/** How long "Slack does not know this address" is believed before asking again. */
const UNKNOWN_FOR_MS = 24 * 3_600_000;

export interface SlackPerson {
  id: string;
  email: string;
}

/**
 * The person's Slack user id, found by address with `users.lookupByEmail` and remembered in
 * `slack_people` (docs/chat.md). Null when Slack does not know the address (remembered for a
 * day) or Slack is off. An outage or a rate limit throws: the caller's delivery is retried.
 */
export async function slackUserIdOf(ctx: AppContext, person: SlackPerson): Promise<string | null> {
  const client = await slackClient(ctx);
  if (!client) return null;
  const now = ctx.clock.now();
  const [known] = await ctx.db.select().from(slackPeople).where(eq(slackPeople.userId, person.id));
  if (known && known.email === person.email) {
    if (known.slackUserId) return known.slackUserId;
    if (now.getTime() - known.lookedUpAt.getTime() < UNKNOWN_FOR_MS) return null;
  }
  const slackUserId = await lookUp(client, person.email);
  const row = { userId: person.id, email: person.email, slackUserId, lookedUpAt: now };
  await ctx.db
    .insert(slackPeople)
    .values(row)
    .onConflictDoUpdate({ target: slackPeople.userId, set: row });
  return slackUserId;
}

async function lookUp(client: WebClient, email: string): Promise<string | null> {
  try {
    const answer = await client.users.lookupByEmail({ email });
    return answer.user?.id ?? null;
  } catch (error) {
    const code = (error as { data?: { error?: string } }).data?.error;
    if (code === "users_not_found") return null;
    throw error;
  }
}

/**
 * Our person for a Slack user id pressing a button of the match `matchId`. Nothing stops two
 * accounts from being found under one Slack id (`slack_people` is keyed by our account: an old
 * account and a new one for a changed address, or two addresses Slack resolves to one person),
 * so the presser is the one such account that is a member of the pressed match; when none or
 * several are, or no account has the id, null (the press records nothing and says why).
 */
export async function personOfSlackUser(
  ctx: AppContext,
  slackUserId: string,
  matchId: number,
): Promise<string | null> {
  const rows = await ctx.db
    .select({ userId: slackPeople.userId })
    .from(slackPeople)
    .where(eq(slackPeople.slackUserId, slackUserId));
  if (rows.length <= 1) return rows[0]?.userId ?? null;
  if (!Number.isInteger(matchId) || matchId < 1 || matchId > 2_147_483_647) return null;
  const members = await ctx.db
    .select({ userId: slackPeople.userId })
    .from(slackPeople)
    .where(
      and(
        eq(slackPeople.slackUserId, slackUserId),
        isMemberSql(sql`${matchId}`, slackPeople.userId),
      ),
    );
  return members.length === 1 ? members[0].userId : null;
}
