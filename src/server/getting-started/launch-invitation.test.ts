import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { emailLogs, newsletterArchive, newsletters, outgoingMessages } from "../db/schema";
import { LAUNCH_SUBJECT } from "../outbox/kinds/launch-invitation";
import { allowEmail, createAdmin, createUser } from "../test/factories";
import { setUpAppWithSmtpPeer } from "../test/smtp-app";
import type { SmtpPeer } from "../test/smtp-peer";
import type { TestApp } from "../test/test-app";

let t: TestApp;
let peer: SmtpPeer;
let admin: { id: string };
setUpAppWithSmtpPeer({}, (app) => ({ t, peer } = app));
beforeAll(async () => {
  admin = await createAdmin(t.db);
});

const asAdmin = () => t.as(admin);
const launch = () => asAdmin().post("/api/admin/getting-started/launch");
const progress = async () => (await asAdmin().get("/api/admin/getting-started/launch")).json();

describe("the launch invitation to the whitelisted people", () => {
  it("refuses while the whitelist names no single address to e-mail", async () => {
    await allowEmail(t.db, "*@launch.test");
    const res = await launch();
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("Share the sign-in address instead");
    expect((await asAdmin().get("/api/admin/getting-started")).json()).toMatchObject({
      launchRecipients: 0,
      launch: null,
    });
    const before = await asAdmin().get("/api/admin/getting-started/launch");
    expect(before.statusCode).toBe(404);
    expect(before.json().message).toBe("The launch invitation has not been sent.");
  });

  it("goes through the outbox to each person the whitelist admits who has not signed up, once", async () => {
    await allowEmail(t.db, "ann@launch.test");
    await allowEmail(t.db, "bob@elsewhere.test");
    await allowEmail(t.db, "gone@elsewhere.test");
    await createUser(t.db, { email: "gone@elsewhere.test", isActive: false });
    // An account provisioned under the domain entry whose person has not signed up yet.
    await createUser(t.db, {
      email: "cat@launch.test",
      authMethod: "scim",
      scimManaged: true,
      needsProfileSetup: true,
    });
    await createUser(t.db, { email: "dot@launch.test" }); // signed up under the domain entry
    await allowEmail(t.db, "eve@elsewhere.test");
    await createUser(t.db, { email: "eve@elsewhere.test" }); // signed up by their own address
    await createUser(t.db, {
      email: "out@launch.test",
      authMethod: "scim",
      needsProfileSetup: true,
      participationStatus: "opted_out",
    });
    await createAdmin(t.db, { email: "boss@launch.test" });
    await allowEmail(t.db, "boss@launch.test");
    await createUser(t.db, { email: "stranger@nowhere.test" }); // not whitelisted
    await asAdmin().put("/api/admin/company", { name: "Acme <Labs>", showPublicFigures: false });
    expect((await asAdmin().get("/api/admin/getting-started")).json().launchRecipients).toBe(3);

    const res = await launch();
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ total: 3, message: "Sending the invitation to 3 addresses." });
    await t.outboxDelivery.settled();
    expect(await progress()).toEqual({
      status: "sent",
      total: 3,
      sent: 3,
      failed: 0,
      pending: 0,
      waitingSince: null,
    });

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
    expect(mails[0].parsed.messageId).toMatch(/^<outbox-\d+@/);

    // Its log is the admin's automatic e-mails; it is no newsletter: no send log, no archive.
    const logged = await asAdmin().get("/api/admin/email-logs/automatic?kind=launch-invitation");
    expect(logged.statusCode, logged.body).toBe(200);
    expect(
      logged
        .json()
        .messages.map((m: { recipient: string; state: string }) => [m.recipient, m.state])
        .sort(),
    ).toEqual([
      ["ann@launch.test", "sent"],
      ["bob@elsewhere.test", "sent"],
      ["cat@launch.test", "sent"],
    ]);
    expect(await t.db.select().from(emailLogs)).toEqual([]);
    expect(await t.db.select().from(newsletterArchive)).toEqual([]);
    const started = (await asAdmin().get("/api/admin/getting-started")).json();
    expect(started.launch).toEqual({ status: "sent" });
    expect(started.steps.invite).toBe(true);

    const again = await launch();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain("already been sent");
    expect(
      await t.db
        .select({ to: outgoingMessages.recipient })
        .from(outgoingMessages)
        .where(eq(outgoingMessages.kind, "launch-invitation")),
    ).toHaveLength(3);
  });

  it("answers the preview of an invitation the ledger sent before the outbox with why there is none", async () => {
    const [earlier] = await t.db
      .insert(newsletters)
      .values({ kind: "invitation", status: "sent", month: 11, year: 2026, title: "Invitation" })
      .returning();
    const res = await asAdmin().post("/api/admin/email-logs/preview", {
      newsletterId: earlier.id,
      userEmail: "ann@launch.test",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      "Invitations are sent as automatic e-mails now: this earlier one has no preview or resend.",
    );
  });

  it("is for admins only", async () => {
    const someone = await createUser(t.db, { email: "emp@launch.test" });
    expect((await t.as(someone).post("/api/admin/getting-started/launch")).statusCode).toBe(403);
    expect((await t.post("/api/admin/getting-started/launch")).statusCode).toBe(401);
    expect((await t.as(someone).get("/api/admin/getting-started/launch")).statusCode).toBe(403);
  });
});
