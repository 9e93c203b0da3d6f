import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { activities, outgoingMessages, passwordResetTokens, users } from "../../db/schema";
import { createAdmin, createUser, signIn } from "../../test/factories";
import { setUpAppWithSmtpPeer } from "../../test/smtp-app";
import type { SmtpPeer } from "../../test/smtp-peer";
import type { TestApp } from "../../test/test-app";
import { post, sessionCookie } from "../test-helpers";

const clock = fixedClock("2027-03-01T10:00:00Z");
let peer: SmtpPeer;
let t: TestApp;
setUpAppWithSmtpPeer({ clock }, (app) => ({ t, peer } = app));

const linkIn = (text: string) => text.match(/\/set-password\?token=([A-Za-z0-9_-]+)/)?.[1] ?? "";

async function mailedLink(email: string, after = 0) {
  const mail = await peer.waitForMessage(
    (m) => m.to.includes(email) && peer.messages.indexOf(m) >= after,
  );
  return { mail, token: linkIn(mail.text) };
}

async function adminCookie(email: string) {
  const admin = await createAdmin(t.db, {
    email,
    firstName: "Ada",
    lastName: null,
    password: "the old password 1",
  });
  return signIn(t.db, admin, { now: clock.now() });
}

const signInWith = (email: string, password: string) => post(t, "/api/signin", { email, password });

describe("a second admin by e-mail", () => {
  it("adds an admin who chooses a password from the link's page, once", async () => {
    const cookie = await adminCookie("first@admins.test");
    const before = peer.messages.length;
    const added = await post(t, "/api/admin/admins", { email: " Second@Admins.test " }, { cookie });
    expect(added.statusCode).toBe(200);
    expect(added.json().message).toBe(
      "second@admins.test is now an admin. A set-password link is on its way to them.",
    );
    const list = await t.app.inject({
      method: "GET",
      url: "/api/admin/admins",
      headers: { cookie },
    });
    expect(list.json()).toContainEqual(
      expect.objectContaining({ email: "second@admins.test", hasPassword: false, isYou: false }),
    );

    const { mail, token } = await mailedLink("second@admins.test", before);
    expect(mail.subject).toBe("You are now a Cup of Joe admin");
    expect(token.length).toBeGreaterThanOrEqual(22);
    // Stored only as a keyed hash; the sent message keeps no plain token.
    await t.urgentDelivery.settled();
    const stored = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.email, "second@admins.test"));
    expect(stored).toHaveLength(1);
    expect(stored[0].tokenHash).not.toContain(token);
    expect(stored[0].purpose).toBe("invite");
    const [queued] = await t.db
      .select()
      .from(outgoingMessages)
      .where(eq(outgoingMessages.recipient, "second@admins.test"));
    expect(queued).toMatchObject({ kind: "set-password-link", state: "sent" });
    expect(JSON.stringify(queued.data)).not.toContain(token);

    const tooShort = await post(t, "/api/auth/set-password", { token, password: "short" });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().message).toBe("The password must be at least 12 characters.");
    const set = await post(t, "/api/auth/set-password", { token, password: "a long new password" });
    expect(set.statusCode).toBe(200);
    const again = await post(t, "/api/auth/set-password", { token, password: "another password!" });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toContain("not valid, has expired or was used already");

    const signedIn = await signInWith("second@admins.test", "a long new password");
    expect(signedIn.statusCode).toBe(200);
    expect(sessionCookie(signedIn)).toBeDefined();
    const lines = await t.db.select().from(activities).where(eq(activities.kind, "admin.added"));
    expect(lines.map((l) => l.detail)).toContain(
      "Ada added second@admins.test as an admin; a set-password link was e-mailed.",
    );
  });

  it("refuses an admin who has a password, and a second link to one address within minutes", async () => {
    const cookie = await adminCookie("boss@twice.test");
    const again = await post(t, "/api/admin/admins", { email: "boss@twice.test" }, { cookie });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain("is already an admin");

    const first = await post(t, "/api/admin/admins", { email: "new@twice.test" }, { cookie });
    expect(first.statusCode).toBe(200);
    const [pending] = await t.db.select().from(users).where(eq(users.email, "new@twice.test"));
    const resend = await post(t, `/api/admin/admins/${pending.id}/password-link`, {}, { cookie });
    expect(resend.statusCode).toBe(429);
    expect(resend.json().message).toContain(
      "A set-password link went to new@twice.test a moment ago",
    );
    clock.advance(5 * 60_000 + 1000);
    const later = await post(t, `/api/admin/admins/${pending.id}/password-link`, {}, { cookie });
    expect(later.statusCode).toBe(200);
    const bad = await post(t, "/api/admin/admins", { email: "not an address" }, { cookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Please enter a valid email address");
  });

  it("is for admins only", async () => {
    const employee = await signIn(t.db, await createUser(t.db, { email: "e@guard-a.test" }), {
      now: clock.now(),
    });
    const add = await post(
      t,
      "/api/admin/admins",
      { email: "x@guard-a.test" },
      { cookie: employee },
    );
    expect(add.statusCode).toBe(403);
    const list = await t.app.inject({
      method: "GET",
      url: "/api/admin/admins",
      headers: { cookie: employee },
    });
    expect(list.statusCode).toBe(403);
    expect(await t.db.select().from(users).where(eq(users.email, "x@guard-a.test"))).toEqual([]);
  });
});

describe("an admin's password reset from the console", () => {
  it("keeps the old password until the link is used, then ends the admin's sessions", async () => {
    const cookie = await adminCookie("helper@reset.test");
    const other = await createAdmin(t.db, {
      email: "forgot@reset.test",
      password: "the old password 2",
    });
    const otherSession = await signIn(t.db, other, { now: clock.now() });
    const before = peer.messages.length;
    const sent = await post(t, `/api/admin/admins/${other.id}/password-link`, {}, { cookie });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe("A set-password link is on its way to forgot@reset.test.");
    const { mail, token } = await mailedLink("forgot@reset.test", before);
    expect(mail.subject).toBe("Choose a new Cup of Joe admin password");
    expect((await signInWith("forgot@reset.test", "the old password 2")).statusCode).toBe(200);

    const set = await post(t, "/api/auth/set-password", {
      token,
      password: "my brand new password",
    });
    expect(set.statusCode).toBe(200);
    const me = await t.app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: otherSession },
    });
    expect(me.statusCode).toBe(401);
    expect((await signInWith("forgot@reset.test", "the old password 2")).statusCode).not.toBe(200);
    expect((await signInWith("forgot@reset.test", "my brand new password")).statusCode).toBe(200);
  });

  it("refuses an expired link", async () => {
    const cookie = await adminCookie("helper@expired.test");
    const other = await createAdmin(t.db, {
      email: "late@expired.test",
      password: "the old password 3",
    });
    const before = peer.messages.length;
    await post(t, `/api/admin/admins/${other.id}/password-link`, {}, { cookie });
    const { token } = await mailedLink("late@expired.test", before);
    clock.advance(24 * 3_600_000 + 1000);
    const set = await post(t, "/api/auth/set-password", { token, password: "too late a password" });
    expect(set.statusCode).toBe(403);
    expect((await signInWith("late@expired.test", "the old password 3")).statusCode).toBe(200);
  });
});

describe("an admin who forgot their password", () => {
  const forgot = (email: string, ip = "10.0.0.1") =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/admin-forgot-password",
      payload: { email },
      remoteAddress: ip,
    });

  it("gets a link by e-mail; anyone else gets the same answer and no mail", async () => {
    await createAdmin(t.db, { email: "lost@forgot.test", password: "the old password 4" });
    await createUser(t.db, { email: "employee@forgot.test" });
    const before = peer.messages.length;
    const answers = [];
    for (const email of ["Lost@Forgot.test", "nobody@forgot.test", "employee@forgot.test"]) {
      const res = await forgot(email, "10.0.1.1");
      expect(res.statusCode).toBe(200);
      answers.push(res.json());
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0].message).toContain("If that address belongs to an admin");
    // A second ask within minutes: the same answer, no second link.
    const twice = await forgot("lost@forgot.test", "10.0.1.1");
    expect(twice.json()).toEqual(answers[0]);

    const { mail, token } = await mailedLink("lost@forgot.test", before);
    expect(mail.subject).toBe("Choose a new Cup of Joe admin password");
    await t.urgentDelivery.settled();
    const mailed = peer.messages.slice(before).flatMap((m) => m.to);
    expect(mailed).toEqual(["lost@forgot.test"]);
    // The old password works until the link is used, once.
    expect((await signInWith("lost@forgot.test", "the old password 4")).statusCode).toBe(200);
    const set = await post(t, "/api/auth/set-password", { token, password: "found it again!" });
    expect(set.statusCode).toBe(200);
    expect((await signInWith("lost@forgot.test", "found it again!")).statusCode).toBe(200);
    const reused = await post(t, "/api/auth/set-password", { token, password: "and once more!!" });
    expect(reused.statusCode).toBe(403);
    expect(reused.json().message).toContain("Forgot your password?");
  });

  it("is limited per requester", async () => {
    const codes = [];
    for (let i = 0; i < 7; i++)
      codes.push((await forgot(`x${i}@limit.test`, "10.0.2.2")).statusCode);
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(codes.at(-1)).toBe(429);
    const bad = await forgot("not an address", "10.0.2.3");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Please enter a valid email address");
  });
});
