import { and, asc, count, eq, sql } from "drizzle-orm";
import {
  type InterestTag,
  MAX_INTEREST_TAGS,
  MAX_INTERESTS,
  type MyInterests,
} from "../../../shared/interests";
import type { AppContext } from "../../context";
import { interestTags, users } from "../../db/schema";
import { BadRequest, HttpError, NotFound } from "../../errors";

type Ctx = Pick<AppContext, "db">;

const TAG_NOT_FOUND = "That tag is not on the list any more.";

/** The accepted tags, by name. */
async function offeredTags(ctx: Ctx): Promise<string[]> {
  const rows = await ctx.db
    .select({ name: interestTags.name })
    .from(interestTags)
    .where(eq(interestTags.accepted, true))
    .orderBy(asc(sql`lower(${interestTags.name})`));
  return rows.map((row) => row.name);
}

/** The person's tags and the ones they may choose from (docs/profile.md, "Shared interests"). */
export async function getMyInterests(ctx: Ctx, userId: string): Promise<MyInterests> {
  const [row] = await ctx.db
    .select({ interests: users.interests })
    .from(users)
    .where(eq(users.id, userId));
  return { interests: row?.interests ?? [], offered: await offeredTags(ctx), max: MAX_INTERESTS };
}

/** Keeps the person's tags, each an accepted one (stored as the list spells it), at most ten. */
export async function saveMyInterests(
  ctx: Pick<AppContext, "db" | "clock">,
  userId: string,
  wanted: readonly string[],
): Promise<MyInterests> {
  const offered = new Map((await offeredTags(ctx)).map((name) => [name.toLowerCase(), name]));
  const chosen = new Set<string>();
  for (const name of wanted) {
    const tag = offered.get(name.trim().toLowerCase());
    if (!tag) throw new BadRequest(`"${name}" is not on the list; suggest it to your admin.`);
    chosen.add(tag);
  }
  if (chosen.size > MAX_INTERESTS) {
    throw new BadRequest(`Choose at most ${MAX_INTERESTS} interests.`);
  }
  await ctx.db
    .update(users)
    .set({ interests: [...chosen], updatedAt: ctx.clock.now() })
    .where(eq(users.id, userId));
  return getMyInterests(ctx, userId);
}

/** Every tag with how many people chose it, accepted first (docs/admin-console.md, "Interests"). */
export async function listInterestTags(ctx: Ctx): Promise<{ tags: InterestTag[] }> {
  const rows = await ctx.db
    .select({
      id: interestTags.id,
      name: interestTags.name,
      accepted: interestTags.accepted,
      people: sql<number>`(select count(*)::int from ${users}
        where ${interestTags.name} = any(${users.interests}))`,
    })
    .from(interestTags)
    .orderBy(sql`${interestTags.accepted} desc`, asc(sql`lower(${interestTags.name})`));
  return { tags: rows.map((row) => ({ ...row, people: Number(row.people) })) };
}

/**
 * A new tag: the admin's is accepted at once, a person's waits as a suggestion. A name already
 * listed (any case) is refused, so one tag never appears twice.
 */
export async function addInterestTag(
  ctx: Ctx,
  name: string,
  by: { suggestedBy: string } | { accepted: true },
): Promise<InterestTag> {
  const [{ n }] = await ctx.db.select({ n: count() }).from(interestTags);
  if (n >= MAX_INTEREST_TAGS) {
    throw new BadRequest(`The list holds at most ${MAX_INTEREST_TAGS} tags.`);
  }
  const [row] = await ctx.db
    .insert(interestTags)
    .values({
      name: name.trim(),
      accepted: "accepted" in by,
      suggestedBy: "suggestedBy" in by ? by.suggestedBy : null,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new HttpError(409, `"${name.trim()}" is already on the list.`, "tag_exists");
  return { id: row.id, name: row.name, accepted: row.accepted, people: 0 };
}

export async function acceptInterestTag(ctx: Ctx, tagId: number): Promise<InterestTag> {
  const [row] = await ctx.db
    .update(interestTags)
    .set({ accepted: true })
    .where(eq(interestTags.id, tagId))
    .returning();
  if (!row) throw new NotFound(TAG_NOT_FOUND);
  const { tags } = await listInterestTags(ctx);
  return tags.find((tag) => tag.id === row.id) ?? { ...row, people: 0 };
}

/** Removes a tag from the list and from everyone who chose it. */
export async function removeInterestTag(ctx: Ctx, tagId: number) {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(interestTags).where(eq(interestTags.id, tagId)).returning();
    if (!row) throw new NotFound(TAG_NOT_FOUND);
    await tx
      .update(users)
      .set({ interests: sql`array_remove(${users.interests}, ${row.name})` })
      .where(and(sql`${row.name} = any(${users.interests})`));
  });
  return listInterestTags(ctx);
}
