import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityPage } from "../activity/activity";
import { fixedClock } from "../clock";
import { users } from "../db/schema";
import {
  createActivity,
  createAdmin,
  createMatch,
  createPairing,
  createRunningCompany,
  signIn,
} from "../test/factories";
import { setUpAppWithSmtpPeer } from "../test/smtp-app";
import type { SmtpPeer } from "../test/smtp-peer";
import { TEST_APP_URL, type TestApp } from "../test/test-app";

let peer: SmtpPeer;
let t: TestApp;
setUpAppWithSmtpPeer({ clock: fixedClock("2027-03-10T09:00:00Z") }, (app) => ({ t, peer } = app));

/** A company with a running trio of Kate, Ada and Bob, and last month's pair of Kate and Ada. */
async function kateInATrio(name: string) {
  const company = await createRunningCompany(t.db, { name });
  const [kate, ada, bob] = await Promise.all(["Kate", "Ada", "Bob"].map((n) => company.person(n)));
  await company.match(kate, ada, bob);
  const february = await createPairing(t.db, { month: "2027-02", status: "completed" });
  await createMatch(t.db, { members: [kate, ada], pairing: february });
  await createActivity(t.db, { userId: kate.id, detail: "Kate Test paused until May." });
  return { kate, ada, bob };
}

const historyOf = async (who: { id: string }) =>
  JSON.stringify((await t.as(who).get("/api/matches/history")).json());

describe("the name an erased person keeps", () => {
  it("is 'someone who left the programme' when they deleted their own account", async () => {
    const { kate, ada } = await kateInATrio("Leaver");
    const res = await t.app.inject({
      method: "DELETE",
      url: "/api/profile",
      headers: {
        cookie: await signIn(t.db, kate, { now: t.ctx.clock.now() }),
        origin: TEST_APP_URL,
      },
      payload: { confirmEmail: kate.email },
    });
    expect(res.statusCode).toBe(200);

    const mail = await peer.waitForMessage((m) => m.to.includes(ada.email));
    expect(mail.text).toContain(
      "Someone who left the programme can no longer take part in March 2027.",
    );
    expect(mail.text).not.toMatch(/former colleague/i);

    const { items: lines } = await activityPage(t, { limit: 50 });
    const aboutKate = lines.filter((line) => line.userId === kate.id);
    expect(aboutKate.map((line) => line.detail)).toContain(
      "someone who left the programme paused until May.",
    );
    expect(aboutKate.every((line) => line.userName === "someone who left the programme")).toBe(
      true,
    );
    expect(lines.map((line) => line.detail).join("\n")).not.toMatch(/former colleague/i);
    const [row] = await t.db.select().from(users).where(eq(users.id, kate.id));
    expect(row.email).toMatch(/^left-/);
    // The partner's page names the address's person with partnerName (src/shared/matches.ts).
    const history = await historyOf(ada);
    expect(history).toContain(`"email":"left-${kate.id}@erased.invalid"`);
    expect(history).not.toMatch(/Kate/);
  });

  it("is 'a former colleague' when their access had been removed before they were erased", async () => {
    const admin = await createAdmin(t.db, {
      email: "boss@erased-names.test",
      firstName: "Bea",
      lastName: "Boss",
    });
    const { kate, ada } = await kateInATrio("Deactivated");
    expect((await t.as(admin).post(`/api/admin/users/${kate.id}/deactivate`, {})).statusCode).toBe(
      200,
    );
    const erased = await t
      .as(admin)
      .post(`/api/admin/users/${kate.id}/erase`, { confirmEmail: kate.email });
    expect(erased.statusCode).toBe(200);
    expect(erased.json().message).toContain("their history stays as a former colleague.");
    const { items: lines } = await activityPage(t, { limit: 50 });
    const erasure = lines.find((line) => line.kind === "person.erased" && line.userId === kate.id);
    expect(erasure?.detail).toBe(
      "Bea Boss erased a person on request; their history stays as a former colleague.",
    );
    expect(erasure?.userName).toBe("a former colleague");
    expect(await historyOf(ada)).toContain(`"email":"erased-${kate.id}@erased.invalid"`);
  });
});
