// TEMPORARY stand-in until newsletter-message.ts lands; removed then.
import { eq, inArray } from "drizzle-orm";
import type { AppContext } from "../../context";
import { matches, newsletters, users } from "../../db/schema";
import { NotFound } from "../../errors";

export interface NewsletterRecipient {
  userId: string;
  email: string;
}

export async function prepareNewsletterMessages(ctx: AppContext, newsletterId: number) {
  const [newsletter] = await ctx.db
    .select()
    .from(newsletters)
    .where(eq(newsletters.id, newsletterId));
  if (!newsletter) throw new NotFound("Newsletter not found");
  const pairingId = Number(/^current-pairing-(\d+)$/.exec(newsletter.pairingFile ?? "")?.[1]);
  const rows = pairingId
    ? await ctx.db.select().from(matches).where(eq(matches.pairingId, pairingId))
    : [];
  const ids = rows.flatMap((r) => [r.user1Id, r.user2Id, ...(r.user3Id ? [r.user3Id] : [])]);
  const people = ids.length
    ? await ctx.db
        .select({ id: users.id, email: users.email, firstName: users.firstName })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  const byId = new Map(people.map((p) => [p.id, p]));
  return {
    recipients: people.map((p) => ({ userId: p.id, email: p.email })),
    messageFor(recipient: NewsletterRecipient) {
      const name = byId.get(recipient.userId)?.firstName ?? "there";
      return {
        to: recipient.email,
        subject: newsletter.subject ?? newsletter.title,
        html: `<p>Hello ${name}</p>`,
        text: `Hello ${name}`,
        headers: {} as Record<string, string>,
      };
    },
  };
}
