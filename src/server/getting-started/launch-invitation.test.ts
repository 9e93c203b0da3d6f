import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailLogs, newsletterArchive, newsletters } from "../db/schema";
import { LAUNCH_SUBJECT } from "../newsletters/compose/launch";
import { allowEmail, createAdmin, createUser } from "../test/factories";
import { type SendingApp, startSendingApp } from "../test/sending-app";

let sending: SendingApp;
beforeAll(async () => {
  sending = await startSendingApp({ worker: { pollMs: 50 } });
});
afterAll(() => sending.close());

const asAdmin = () => sending.t.as(sending.admin);
const launch = () => asAdmin().post("/api/admin/getting-started/launch");

describe("the launch invitation to the whitelisted people", () => {
  it("refuses while the whitelist names no single address to e-mail", async () => {
    await allowEmail(sending.t.db, "*@launch.test");
    const res = await launch();
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("Share the sign-in address instead");
    expect((await asAdmin().get("/api/admin/getting-started")).json()).toMatchObject({
      launchRecipients: 0,
      launch: null,
    });
  });

  it("goes through the delivery ledger to each address and account the whitelist admits, once", async () => {
    const { t, peer } = sending;
    await allowEmail(t.db, "ann@launch.test");
    await allowEmail(t.db, "bob@elsewhere.test");
    await allowEmail(t.db, "gone@elsewhere.test");
    await createUser(t.db, { email: "gone@elsewhere.test", isActive: false });
    await createUser(t.db, { email: "cat@launch.test" }); // an account under the domain entry
    await createUser(t.db, { email: "out@launch.test", participationStatus: "opted_out" });
    await createAdmin(t.db, { email: "boss@launch.test" });
    await allowEmail(t.db, "boss@launch.test");
    await createUser(t.db, { email: "stranger@nowhere.test" }); // not whitelisted
    await asAdmin().put("/api/admin/company", { name: "Acme <Labs>", showPublicFigures: false });
    expect((await asAdmin().get("/api/admin/getting-started")).json().launchRecipients).toBe(3);

    const res = await launch();
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({
      total: 3,
      message: "Sending the invitation to 3 addresses.",
    });
    const id = res.json().id as number;
    await expect
      .poll(async () => (await asAdmin().get(`/api/admin/newsletters/${id}/send-status`)).json(), {
        timeout: 15_000,
        interval: 50,
      })
      .toMatchObject({ status: "sent", total: 3, sent: 3, failed: 0, pending: 0 });

    const mails = peer.messages.filter((m) => m.subject === LAUNCH_SUBJECT);
    expect(mails.map((m) => m.to[0]).sort()).toEqual([
      "ann@launch.test",
      "bob@elsewhere.test",
      "cat@launch.test",
    ]);
    const text = mails[0].text;
    expect(text).toContain("Acme <Labs> now pairs colleagues");
    expect(text).toContain(`${t.ctx.config.appUrl}/auth`);
    expect(mails[0].html).toContain("Acme &lt;Labs&gt;");
    expect(mails[0].parsed.messageId).toMatch(new RegExp(`^<newsletter-${id}-\\d+@`));

    // Its log is in Email Send Logs; it is no newsletter: not listed, no archive.
    const [log] = await t.db.select().from(emailLogs).where(eq(emailLogs.newsletterId, id));
    expect(log).toMatchObject({ totalRecipients: 3, successfulSends: 3 });
    expect(await t.db.select().from(newsletterArchive)).toEqual([]);
    expect((await asAdmin().get("/api/admin/newsletters")).json()).not.toContainEqual(
      expect.objectContaining({ id }),
    );
    const started = (await asAdmin().get("/api/admin/getting-started")).json();
    expect(started.launch).toEqual({ id, status: "sent" });
    expect(started.steps.invite).toBe(true);

    const again = await launch();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain("already been sent");
    expect(
      await t.db.select().from(newsletters).where(eq(newsletters.kind, "launch")),
    ).toHaveLength(1);
  });

  it("is for admins only", async () => {
    const someone = await createUser(sending.t.db, { email: "emp@launch.test" });
    expect((await sending.t.as(someone).post("/api/admin/getting-started/launch")).statusCode).toBe(
      403,
    );
    expect((await sending.t.post("/api/admin/getting-started/launch")).statusCode).toBe(401);
  });
});
