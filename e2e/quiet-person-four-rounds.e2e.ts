import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/server/clock";
import { matches, pairings, roundSteps } from "../src/server/db/schema";
import { runDueSteps } from "../src/server/jobs/definitions/round-steps";
import { memberIds, withMembers } from "../src/server/match-members/match-members";
import { createCompanyWidePeople, signIn } from "../src/server/test/factories";
import { axeViolations, type Story, startStory } from "./support/harness";

/*
 * docs/check-ins.md, "Quiet people", as the admin and the quiet person see it: scheduled rounds,
 * eight people, Quinn never answers a check-in and each of Quinn's partners answers "Missed",
 * everyone else "Met". Only the clock moves, a day at a time, as the scheduler's job looks, from
 * late January to the end of May: Quinn is paired in February, March and April, then asked "Still
 * up for coffee chats?" and left out of May's round.
 */
const clock = fixedClock("2027-01-20T10:00:00Z");
const names = ["quinn", "amy", "bea", "cal", "dan", "eve", "fay", "gus"];
const DAY = 86_400_000;
let story: Story;
let admin: { id: string };
let people: { id: string; email: string }[];

beforeAll(async () => {
  story = await startStory({ clock });
  const company = await createCompanyWidePeople(story.db, "four.test", names, (name) => ({
    firstName: name[0].toUpperCase() + name.slice(1),
    lastName: "Test",
  }));
  ({ admin, people } = company);
});
afterAll(() => story?.close());

async function roundOf(month: string) {
  const [pairing] = await story.db
    .select()
    .from(pairings)
    .where(and(eq(pairings.scopeKey, "all"), eq(pairings.month, month)));
  if (!pairing) return null;
  const list = await story.db.select().from(matches).where(eq(matches.pairingId, pairing.id));
  return withMembers(story.db, list);
}

const checkInDone = async (month: string) =>
  (
    await story.db
      .select()
      .from(roundSteps)
      .where(
        and(
          eq(roundSteps.scopeKey, "all"),
          eq(roundSteps.month, month),
          eq(roundSteps.kind, "check-in"),
        ),
      )
  ).some((s) => s.state === "done");

/** Once a month's check-in went out: Quinn's partners answer Missed, everyone else Met. */
async function answer(month: string, answered: Set<string>) {
  if (answered.has(month) || !(await checkInDone(month))) return;
  const round = await roundOf(month);
  if (!round) return;
  const quinn = people[0].id;
  for (const match of round) {
    const ids = memberIds(match);
    for (const id of ids.filter((each) => each !== quinn)) {
      const status = ids.includes(quinn) ? "not_confirmed" : "confirmed";
      const res = await story.server.app.inject({
        method: "PUT",
        url: `/api/matches/${match.id}/connection-status`,
        headers: {
          cookie: await signIn(story.db, { id }, { now: clock.now() }),
          origin: story.baseUrl,
        },
        payload: { status },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  }
  answered.add(month);
}

describe("a person who never answers, over four scheduled rounds", () => {
  it("is asked 'Still up for coffee chats?' and not paired in the fourth, as the admin and the person see it", async () => {
    const answered = new Set<string>();
    const months = ["2027-02", "2027-03", "2027-04", "2027-05"];
    while (clock.now() < new Date("2027-05-31T10:00:00Z")) {
      await runDueSteps(story.server.app.ctx, { owner: `story-${clock.now().toISOString()}` });
      for (const month of months) await answer(month, answered);
      clock.advance(DAY);
    }
    const quinn = people[0];
    const paired = [];
    for (const month of months) {
      paired.push((await roundOf(month))?.flatMap(memberIds).includes(quinn.id));
    }
    expect(paired).toEqual([true, true, true, false]);

    // The admin: Quinn waits for an answer, and the activity list says Quinn was asked.
    const page = await story.newPage({ width: 1280, height: 900 });
    await story.signInAs(page, admin);
    await page.goto("/admin/people");
    const waiting = page.getByRole("listitem").filter({ hasText: "quinn@four.test" });
    await waiting.getByText("Quinn Test", { exact: false }).waitFor({ timeout: 60_000 });
    await page
      .getByText("Asked Quinn Test whether they are still up for coffee chats", { exact: false })
      .first()
      .waitFor({ timeout: 60_000 });
    expect(await axeViolations(page)).toEqual([]);

    // The admin's May pairing has no Quinn; Quinn's e-mail asks, and its link asks on the page.
    const mail = await story.smtp.waitForMessage(
      (m) => m.to.includes("quinn@four.test") && m.subject === "Still up for coffee chats?",
      120_000,
    );
    const link = /https?:\/\/\S+\/still-in\?token=[^\s>)\]]+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeDefined();
    const quinns = await story.newPage({ width: 375, height: 800 });
    await quinns.goto(new URL(link as string).pathname + new URL(link as string).search);
    await quinns
      .getByRole("heading", { name: "Still up for coffee chats?" })
      .waitFor({ timeout: 60_000 });
    expect(await axeViolations(quinns)).toEqual([]);
    const others = story.smtp.messages.filter(
      (m) => !m.to.includes("quinn@four.test") && m.subject === "Still up for coffee chats?",
    );
    expect(others).toEqual([]);
  }, 420_000);
});
