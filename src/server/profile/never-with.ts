import { and, asc, count, eq, ilike, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import {
  MAX_NEVER_WITH,
  type MeetingChoice,
  type NeverWithList,
  type NeverWithPerson,
} from "../../shared/never-with";
import type { AppContext } from "../context";
import { neverWith, users } from "../db/schema";
import { departmentNameSql } from "../directory/departments/department-name";
import { officeOnList, officesOfEmail } from "../directory/offices/office-lists";
import { BadRequest } from "../errors";

type Ctx = Pick<AppContext, "db">;

const person = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  // The name people read, never the list's key (docs/profile.md, "Departments").
  department: departmentNameSql(users.email, users.department),
};

const shown = (row: {
  id: string;
  firstName: string | null;
  lastName: string | null;
  department: string | null;
}): NeverWithPerson => ({
  id: row.id,
  name: [row.firstName, row.lastName].filter(Boolean).join(" ") || "A colleague",
  department: row.department,
});

/** The person's own list, by name (docs/profile.md, "Never with"); nobody else reads it. */
export async function getNeverWith(ctx: Ctx, userId: string): Promise<NeverWithList> {
  const rows = await ctx.db
    .select(person)
    .from(neverWith)
    .innerJoin(users, eq(users.id, neverWith.otherId))
    .where(and(eq(neverWith.userId, userId), isNull(users.erasedAt)))
    .orderBy(asc(users.firstName), asc(users.lastName));
  return { people: rows.map(shown), max: MAX_NEVER_WITH };
}

/** Active, validated colleagues whose name contains `q`, at most ten, never oneself. */
export async function searchColleagues(
  ctx: Ctx,
  userId: string,
  q: string,
): Promise<{ people: NeverWithPerson[] }> {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await ctx.db
    .select(person)
    .from(users)
    .where(
      and(
        ne(users.id, userId),
        eq(users.isActive, true),
        isNull(users.erasedAt),
        isNotNull(users.validatedAt),
        or(
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
          ilike(
            sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`,
            pattern,
          ),
        ),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName))
    .limit(10);
  return { people: rows.map(shown) };
}

/** Adds a colleague; at most MAX_NEVER_WITH, never oneself, only someone who exists. */
export async function addNeverWith(
  ctx: Pick<AppContext, "db" | "clock">,
  userId: string,
  otherId: string,
): Promise<NeverWithList> {
  if (otherId === userId) throw new BadRequest("You are never matched with yourself.");
  await ctx.db.transaction(async (tx) => {
    // One person's additions one at a time, so two at once cannot pass the limit together.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`never-with:${userId}`}))`);
    const [other] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, otherId), isNull(users.erasedAt)));
    if (!other) throw new BadRequest("Choose a colleague from the list.");
    const [{ n }] = await tx
      .select({ n: count() })
      .from(neverWith)
      .where(eq(neverWith.userId, userId));
    if (n >= MAX_NEVER_WITH) {
      throw new BadRequest(
        `Your list holds at most ${MAX_NEVER_WITH} colleagues; remove one to add another.`,
      );
    }
    await tx
      .insert(neverWith)
      .values({ userId, otherId, addedAt: ctx.clock.now() })
      .onConflictDoNothing();
  });
  return getNeverWith(ctx, userId);
}

export async function removeNeverWith(
  ctx: Ctx,
  userId: string,
  otherId: string,
): Promise<NeverWithList> {
  await ctx.db
    .delete(neverWith)
    .where(and(eq(neverWith.userId, userId), eq(neverWith.otherId, otherId)));
  return getNeverWith(ctx, userId);
}

/** How the person can meet and their office; "either" until they choose. */
export async function getMeeting(ctx: Ctx, userId: string): Promise<MeetingChoice> {
  const [row] = await ctx.db
    .select({ meet: users.meetWay, office: users.office })
    .from(users)
    .where(eq(users.id, userId));
  return { meet: row?.meet ?? "either", office: row?.office ?? null };
}

/**
 * Saves the choice; the office must be on the person's list when their group (or the company)
 * keeps one (directory/offices/office-lists.ts), and is stored as the list spells it.
 */
export async function saveMeeting(
  ctx: Pick<AppContext, "db" | "clock">,
  user: { id: string; email: string },
  choice: MeetingChoice,
): Promise<MeetingChoice> {
  let office = choice.office;
  if (office !== null) {
    office = officeOnList(await officesOfEmail(ctx.db, user.email), office);
    if (office === null) throw new BadRequest("Choose your office from the list.");
  }
  await ctx.db
    .update(users)
    .set({ meetWay: choice.meet, office, updatedAt: ctx.clock.now() })
    .where(eq(users.id, user.id));
  return getMeeting(ctx, user.id);
}
