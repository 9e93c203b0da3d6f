import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordActivity } from "../activity/activity";
import { peopleLine } from "../activity/people-line";
import { fixedClock } from "../clock";
import type { Db } from "../db/client";
import {
  activities,
  allowedEmails,
  authCodes,
  completedPairings,
  departments,
  emailLogEntries,
  newsletterDeliveries,
  slackPeople,
} from "../db/schema";
import {
  allowEmail,
  createActivity,
  createAdmin,
  createDepartment,
  createEmailLog,
  createNewsletter,
  createUser,
  tablesHolding,
} from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";

const clock = fixedClock("2027-03-10T09:00:00Z");
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const erase = async (person: { id: string; email: string }) => {
  const admin = await createAdmin(t.db);
  const res = await t
    .as(admin)
    .post(`/api/admin/users/${person.id}/erase`, { confirmEmail: person.email });
  expect(res.statusCode).toBe(200);
};

/** Every row of the tables another person's data lives in, as text, to compare before and after. */
async function snapshot(db: Db) {
  return JSON.stringify([
    await db.select().from(allowedEmails).orderBy(allowedEmails.id),
    await db.select().from(authCodes).orderBy(authCodes.id),
    await db.select().from(slackPeople).orderBy(slackPeople.userId),
    await db.select().from(newsletterDeliveries).orderBy(newsletterDeliveries.id),
    await db
      .select()
      .from(emailLogEntries)
      .orderBy(emailLogEntries.logId, emailLogEntries.position),
    await db.select().from(completedPairings).orderBy(completedPairings.id),
    await db.select().from(departments).orderBy(departments.id),
  ]);
}

/** The rows of those tables that hold the person's address or id. */
async function rowsNaming(person: { id: string; email: string }) {
  const rows: unknown[][] = JSON.parse(await snapshot(t.db));
  return rows
    .flat()
    .filter((row) => JSON.stringify(row).match(new RegExp(`"${person.email}"|${person.id}`)));
}

/** A completed record of one match between the two. */
async function recordOf(a: { name: string; email: string }, b: { name: string; email: string }) {
  const [record] = await t.db
    .insert(completedPairings)
    .values({
      fileName: `2027-02-all-${a.name}.json`,
      name: "February",
      month: "2027-02",
      matchCount: 1,
      content: {
        matches: [
          { user1_name: a.name, user1_email: a.email, user2_name: b.name, user2_email: b.email },
        ],
      },
    })
    .returning();
  return record;
}

describe("an erasure touches only its person", () => {
  it("leaves the data of an address that contains the erased one untouched (al@ inside val@)", async () => {
    const al = await createUser(t.db, { email: "al@acme.test", firstName: "Al", lastName: "Ng" });
    const val = await createUser(t.db, { email: "val@acme.test", firstName: "Val", lastName: "K" });
    const bob = await createUser(t.db, { email: "bob@acme.test", firstName: "Bob", lastName: "B" });
    await allowEmail(t.db, "al@acme.test");
    await allowEmail(t.db, "val@acme.test");
    await t.db.insert(authCodes).values({
      email: val.email,
      codeHash: "hash-of-vals-code",
      expiresAt: new Date("2027-03-10T09:15:00Z"),
    });
    await t.db.insert(slackPeople).values([
      { userId: al.id, email: al.email, slackUserId: "UAL", lookedUpAt: clock.now() },
      { userId: val.id, email: val.email, slackUserId: "UVAL", lookedUpAt: clock.now() },
    ]);
    const newsletter = await createNewsletter(t.db);
    await t.db.insert(newsletterDeliveries).values([
      { newsletterId: newsletter.id, userId: val.id, recipientEmail: val.email, state: "sent" },
      {
        newsletterId: newsletter.id,
        userId: bob.id,
        recipientEmail: bob.email,
        matchEmail: val.email,
        state: "sent",
      },
    ]);
    await createEmailLog(t.db, { recipients: [val.email, al.email] });
    await recordOf({ name: "Val K", email: val.email }, { name: "Bob B", email: bob.email });
    const before = await rowsNaming(val);

    await erase(al);

    expect(await rowsNaming(val)).toEqual(before);
    expect(before.length).toBe(7);
    expect(await tablesHolding(t.db, "verased")).toEqual([]);
    expect(await tablesHolding(t.db, '"al@acme.test')).toEqual([]);
  });

  it("renames no department and no other person's text when a person is named like one", async () => {
    await createDepartment(t.db, { name: "Human Resources", displayName: "Human Resources" });
    const hr = await createUser(t.db, {
      email: "hr.person@acme.test",
      firstName: "Human",
      lastName: "Resources",
    });
    const moving = await allowEmail(t.db, "mover@acme.test");
    await t.db
      .update(allowedEmails)
      .set({ reason: "Transfer to Human Resources" })
      .where(eq(allowedEmails.id, moving.id));
    const other = await createUser(t.db, {
      email: "carol@acme.test",
      department: "Human Resources",
    });
    const line = await createActivity(t.db, {
      userId: other.id,
      detail: "Carol moved to Human Resources.",
    });
    const before = await snapshot(t.db);

    await erase(hr);

    expect(await snapshot(t.db)).toEqual(before);
    const [reason] = await t.db.select().from(allowedEmails).where(eq(allowedEmails.id, moving.id));
    expect(reason.reason).toBe("Transfer to Human Resources");
    const [kept] = await t.db.select().from(activities).where(eq(activities.id, line.id));
    expect(kept.detail).toBe("Carol moved to Human Resources.");
  });

  it("does not corrupt a longer name that contains the erased one (Ann Lee inside Joann Leeds)", async () => {
    const ann = await createUser(t.db, {
      email: "ann@acme.test",
      firstName: "Ann",
      lastName: "Lee",
    });
    const joann = await createUser(t.db, {
      email: "joann@acme.test",
      firstName: "Joann",
      lastName: "Leeds",
    });
    const { id } = await recordOf(
      { name: "Joann Leeds", email: joann.email },
      { name: "Ann Lee", email: ann.email },
    );
    const line = await createActivity(t.db, {
      userId: joann.id,
      detail: "Joann Leeds paused until May.",
    });

    await erase(ann);

    const [record] = await t.db
      .select()
      .from(completedPairings)
      .where(eq(completedPairings.id, id));
    expect(record.content).toEqual({
      matches: [
        {
          user1_name: "Joann Leeds",
          user1_email: joann.email,
          user2_name: "a former colleague",
          user2_email: `erased-${ann.id}@erased.invalid`,
        },
      ],
    });
    const [kept] = await t.db.select().from(activities).where(eq(activities.id, line.id));
    expect(kept.detail).toBe("Joann Leeds paused until May.");
    expect(await tablesHolding(t.db, "Ann Lee")).toEqual(["activities", "completed_pairings"]);
  });

  it("renders the lines naming them again from their id, keeping the other names as written", async () => {
    const cy = await createUser(t.db, { email: "cy@acme.test", firstName: "Cy", lastName: "Dee" });
    const dora = await createUser(t.db, {
      email: "dora@acme.test",
      firstName: "Dora",
      lastName: "Cy Dee",
    });
    const bo = { id: dora.id, name: "Dora Cy Dee" };
    await recordActivity(
      { db: t.db, clock },
      {
        kind: "check-in.sent",
        detail: peopleLine`Asked ${bo} whether they met ${[{ id: cy.id, name: "Cy Dee" }]} (March 2027).`,
        userId: dora.id,
      },
    );

    await erase(cy);

    const [line] = await t.db.select().from(activities).where(eq(activities.userId, dora.id));
    expect(line.detail).toBe("Asked Dora Cy Dee whether they met a former colleague (March 2027).");
  });
});
