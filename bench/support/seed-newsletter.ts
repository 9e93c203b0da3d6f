import type { Database } from "../../src/server/db/client";
import { allowedEmails, newsletters, pairings, users } from "../../src/server/db/schema";
import { insertMatches, type NewMatch } from "../../src/server/match-members/match-members";
import { defaultNewsletter } from "../../src/server/newsletters/newsletter-defaults";
import { activePairingFile } from "../../src/shared/pairing-file-names";

const CHUNK = 1000;

/** N whitelisted employees in pairs, an active pairing and the month's approved newsletter. */
export async function seedNewsletter(database: Database, count: number): Promise<number> {
  const { db } = database;
  await db.insert(allowedEmails).values({ email: "*@acme.example", domain: "acme.example" });
  const ids: string[] = [];
  for (let i = 0; i < count; i += CHUNK) {
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: Math.min(CHUNK, count - i) }, (_, k) => ({
          email: `person-${i + k}@acme.example`,
          firstName: `Person${i + k}`,
          lastName: "Bench",
          department: "engineering",
          bio: "Coffee first, then code.",
          isEmailVerified: true,
          isValidated: true,
          needsProfileSetup: false,
        })),
      )
      .returning({ id: users.id });
    ids.push(...rows.map((r) => r.id));
  }
  const [pairing] = await db
    .insert(pairings)
    .values({ name: "Bench pairing", month: "2027-03", scopeKey: "bench" })
    .returning();
  const pairs: NewMatch[] = [];
  for (let i = 0; i + 1 < ids.length; i += 2) {
    pairs.push({ pairingId: pairing.id, month: "2027-03", members: [ids[i], ids[i + 1]] });
  }
  for (let i = 0; i < pairs.length; i += CHUNK) {
    await insertMatches(db, pairs.slice(i, i + CHUNK));
  }
  const [newsletter] = await db
    .insert(newsletters)
    .values({
      ...defaultNewsletter(3, 2027),
      status: "approved",
      approvedAt: new Date(),
      pairingFile: activePairingFile(pairing.id),
    })
    .returning({ id: newsletters.id });
  return newsletter.id;
}
