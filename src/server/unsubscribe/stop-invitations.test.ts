import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { invitationOptOuts, outgoingMessages } from "../db/schema";
import { LAUNCH_SUBJECT } from "../outbox/kinds/launch-invitation";
import { allowEmail, createAdmin } from "../test/factories";
import { setUpAppWithSmtpPeer } from "../test/smtp-app";
import type { SmtpPeer } from "../test/smtp-peer";
import type { TestApp } from "../test/test-app";

// docs/mail.md, "Invitations and reminders": bulk mail by the senders' rules (RFC 8058).
const clock = fixedClock("2027-05-03T09:00:00Z");
let t: TestApp;
let peer: SmtpPeer;
let hr: { id: string };
const admin = () => t.as(hr);
setUpAppWithSmtpPeer({ clock }, (app) => ({ t, peer } = app));
beforeAll(async () => {
  hr = await createAdmin(t.db, { email: "hr@stop.test" });
});

const header = (mail: SmtpPeer["messages"][number], key: string) =>
  mail.parsed.headers.find((h) => h.key === key.toLowerCase())?.value;

async function invitationTo(email: string) {
  await t.outboxDelivery.settled();
  const mail = peer.messages.find((m) => m.to[0] === email && m.subject === LAUNCH_SUBJECT);
  if (!mail) throw new Error(`No invitation reached ${email}`);
  return mail;
}

const oneClick = (url: string) =>
  t.post(url.replace(t.ctx.config.appUrl, ""), "List-Unsubscribe=One-Click", {
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });

describe("the invitations' one-click unsubscribe", () => {
  it("is in every invitation's headers and footer, and a POST to it stops further invitations", async () => {
    for (const email of ["ann@stop.test", "bob@stop.test"]) await allowEmail(t.db, email);
    expect((await admin().post("/api/admin/getting-started/launch")).statusCode).toBe(202);
    const mail = await invitationTo("ann@stop.test");
    const list = header(mail, "List-Unsubscribe") ?? "";
    expect(list).toMatch(/^<http:\/\/127\.0\.0\.1:5000\/unsubscribe\?token=invite\.[^>]+>$/);
    expect(header(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    const url = list.slice(1, -1);
    expect(mail.html).toContain(url.replaceAll("&", "&amp;"));
    expect(mail.text).toContain(`<${url}>`);
    // Each address has its own link.
    const bobs = header(await invitationTo("bob@stop.test"), "List-Unsubscribe");
    expect(bobs).not.toBe(list);

    // Opening the link (a GET) changes nothing; the page reads who it is for.
    const token = new URL(url).searchParams.get("token") ?? "";
    const status = await t.get(`/api/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(status.json()).toEqual({
      email: "a***@stop.test",
      participationStatus: "active",
      pauseEndDate: null,
      about: "invitations",
    });
    expect(await t.db.select().from(invitationOptOuts)).toEqual([]);

    const res = await oneClick(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ about: "invitations", participationStatus: "opted_out" });
    expect((await oneClick(url)).statusCode).toBe(200);

    // A day later the Email Whitelist's button invites Bob again, never Ann.
    clock.advance(25 * 3600_000);
    const again = await admin().post("/api/admin/invitations", {
      emails: ["ann@stop.test", "bob@stop.test"],
    });
    expect(again.json()).toMatchObject({
      queued: 1,
      skipped: [{ email: "ann@stop.test", reason: "Asked for no more invitations" }],
    });
  });

  it("withholds an invitation queued before the address asked for no more", async () => {
    await allowEmail(t.db, "cat@stop.test");
    await t.db.insert(invitationOptOuts).values({ email: "cat@stop.test" });
    await t.db.insert(outgoingMessages).values({
      kind: "invitation",
      recipient: "cat@stop.test",
      data: { invitedAt: clock.now().toISOString() },
      onceKey: `invited-${clock.now().toISOString()}`,
      mailTransport: t.ctx.mailer.fingerprint,
      nextAttemptAt: clock.now(),
      createdAt: clock.now(),
    });
    t.ctx.jobs.wake(await import("../job-triggers").then((m) => m.outboxTrigger));
    await t.outboxDelivery.settled();
    const [row] = await t.db
      .select({ state: outgoingMessages.state, code: outgoingMessages.errorCode })
      .from(outgoingMessages)
      .where(eq(outgoingMessages.recipient, "cat@stop.test"));
    expect(row).toEqual({ state: "failed", code: "EWITHHELD" });
    expect(peer.messages.filter((m) => m.to[0] === "cat@stop.test")).toEqual([]);
  });

  it("refuses a forged link and a pause", async () => {
    const forged = await oneClick(
      `${t.ctx.config.appUrl}/unsubscribe?token=invite.${Buffer.from("dan@stop.test").toString("base64url")}.${"0".repeat(32)}`,
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toContain("link from your latest invitation");
    const mail = await invitationTo("bob@stop.test");
    const token = new URL((header(mail, "List-Unsubscribe") ?? "").slice(1, -1)).searchParams.get(
      "token",
    );
    const pause = await t.post("/api/unsubscribe", { token, action: "pause" });
    expect(pause.statusCode).toBe(400);
    expect(pause.json().message).toContain("cannot be paused");
  });
});
