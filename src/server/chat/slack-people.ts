import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { slackPeople } from "../db/schema";
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
  const client = slackClient(ctx);
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

async function lookUp(
  client: NonNullable<ReturnType<typeof slackClient>>,
  email: string,
): Promise<string | null> {
  try {
    const answer = await client.users.lookupByEmail({ email });
    return answer.user?.id ?? null;
  } catch (error) {
    const code = (error as { data?: { error?: string } }).data?.error;
    if (code === "users_not_found") return null;
    throw error;
  }
}

/** Our person for a Slack user id (a button press names the presser by it). */
export async function personOfSlackUser(ctx: AppContext, slackUserId: string) {
  const [row] = await ctx.db
    .select({ userId: slackPeople.userId })
    .from(slackPeople)
    .where(eq(slackPeople.slackUserId, slackUserId));
  return row?.userId ?? null;
}
