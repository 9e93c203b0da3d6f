import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PRO_TIPS, USER_NOT_FOUND } from "../../shared/newsletters";
import { activePairingFile } from "../../shared/pairing-file-names";
import { getAuthSecret } from "../app-secret";
import { fixedClock } from "../clock";
import { completedPairings, newsletters, outgoingMessages, pairings, users } from "../db/schema";
import { unsubscribeToken } from "../mail/signed-links";
import { createAdmin, createNewsletter, createRunningCompany, createUser } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import type { Requests } from "../test/test-client";
import { newsletterTestMessage } from "./test-send-message";

const NOW = new Date("2027-03-10T09:00:00Z");

let t: TestApp;
let admin: Requests;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(NOW) });
  admin = t.as(await createAdmin(t.db));
});
afterAll(() => t.close());

/** A group-scoped active pairing of two pairs, everyone whitelisted. */
async function pairingOfTwoPairs() {
  const { group, pairing, person, match } = await createRunningCompany(t.db, {
    pairing: { totalPairs: 2 },
  });
  const people = await Promise.all(["Ada", "Ben", "Cy", "Di"].map((first) => person(first)));
  await match(people[0], people[1]);
  await match(people[2], people[3]);
  return { group, pairing, people, person, file: activePairingFile(pairing.id) };
}

/** A newsletter of its own month, so tests do not share the one-per-month slot. */
/**
 * A newsletter in the state a test needs. One `sending` has a message still waiting (over a mail
 * server no process here has), or the outbox's job would find its send ended and seal it.
 */
async function newsletter(fields: Parameters<typeof createNewsletter>[1] = {}) {
  const row = await createNewsletter(t.db, { year: 2200 + ++seq, ...fields });
  if (row.status === "sending") {
    await t.db.insert(outgoingMessages).values({
      kind: "newsletter",
      recipient: `waiting-${row.id}@acme.test`,
      data: { newsletterId: row.id, userId: null, matchEmail: null },
      onceKey: `newsletter-${row.id}`,
      mailTransport: "smtp://mail.elsewhere.test:587",
      nextAttemptAt: new Date(),
    });
  }
  return row;
}

/** A completed record naming someone whose account has been deleted. */
async function completedRecordWithMissingMember(month: string) {
  const fileName = `pairing-${month}-group1-all-users-${++seq}.json`;
  const present = await createUser(t.db, { firstName: "Eve", lastName: "Here" });
  await t.db.insert(completedPairings).values({
    fileName,
    name: "Old",
    month,
    runOfMonth: 1,
    matchCount: 1,
    content: {
      name: "Old",
      month,
      domainGroup: "All Users",
      matches: [
        {
          user1_name: "Eve Here",
          user1_email: present.email,
          user2_name: "Gone",
          user2_email: "gone@nowhere.test",
          status: "completed",
        },
      ],
    },
  });
  return fileName;
}

describe("the newsletter lifecycle", () => {
  describe("generate", () => {
    it("creates this month's draft with the subject, the default pro tips and the month's pairing", async () => {
      const { file } = await pairingOfTwoPairs();
      const res = await admin.post("/api/admin/newsletters/generate");
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({
        month: 3,
        year: 2027,
        status: "draft",
        subject: "Cup of Joe - March 2027 Newsletter",
        pairingFile: file,
        validationResult: { isValid: true, pairingFile: file },
      });
      expect(JSON.parse(body.proTips)).toEqual([...DEFAULT_PRO_TIPS]);
      for (const field of [
        "moodDescription",
        "quoteText",
        "brainBuzzerQuestion",
        "closingMessage",
      ]) {
        expect(body[field], field).toEqual(expect.any(String));
      }
      expect(JSON.parse(body.brainBuzzerChoices)).toHaveLength(4);
    });

    it("prepares next month's once this month's exists, then refuses a third with a message", async () => {
      const next = await admin.post("/api/admin/newsletters/generate");
      expect(next.statusCode).toBe(201);
      expect(next.json()).toMatchObject({ month: 4, year: 2027 });
      const res = await admin.post("/api/admin/newsletters/generate");
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        "A newsletter for April 2027 already exists. Edit it, or delete it to start again.",
      );
      const march = await admin.post("/api/admin/newsletters/generate", { month: "2027-03" });
      expect(march.statusCode).toBe(409);
      const bad = await admin.post("/api/admin/newsletters/generate", { month: "2027-13" });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe("Choose a month as YYYY-MM.");
    });
  });

  it("lists every newsletter, sent ones too", async () => {
    const draft = await newsletter();
    const sending = await newsletter({ status: "sending" });
    const sent = await newsletter({ status: "sent", sentAt: NOW });
    const ids = (await admin.get("/api/admin/newsletters")).json().map((n: { id: number }) => n.id);
    expect(ids).toEqual(expect.arrayContaining([draft.id, sending.id, sent.id]));
  });

  describe("update", () => {
    it("saves the editor's fields, lists as JSON text", async () => {
      const draft = await newsletter();
      const res = await admin.put(`/api/admin/newsletters/${draft.id}`, {
        ...draft,
        title: "Spring brew",
        proTips: JSON.stringify(["Smile"]),
        brainBuzzerQuestion: "Best roast?",
        brainBuzzerChoices: JSON.stringify(["Light", "Dark"]),
        brainBuzzerCorrectAnswer: "B",
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        title: "Spring brew",
        proTips: '["Smile"]',
        brainBuzzerChoices: '["Light","Dark"]',
        brainBuzzerCorrectAnswer: "B",
      });
    });

    it("refuses a Brain Buzzer answer that is not one of the choices", async () => {
      const draft = await newsletter({
        brainBuzzerQuestion: "Best roast?",
        brainBuzzerChoices: JSON.stringify(["Light", "Medium", "Dark"]),
        brainBuzzerCorrectAnswer: "A",
      });
      const res = await admin.put(`/api/admin/newsletters/${draft.id}`, {
        brainBuzzerCorrectAnswer: "D",
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: "The correct answer must be one of the choices (A, B, C)",
        field: "brainBuzzerCorrectAnswer",
      });
    });

    it("refuses an image address that is not http(s)", async () => {
      const draft = await newsletter();
      const res = await admin.put(`/api/admin/newsletters/${draft.id}`, {
        moodImageUrl: "javascript:alert(1)",
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        "Mood image URL must be an http:// or https:// address of an image file (.jpg, .png, .gif or .webp), not of a page or an album",
      );
    });

    it("refuses a NUL hidden as an escape inside a list item's JSON text, and keeps the draft", async () => {
      const draft = await newsletter({ proTips: JSON.stringify(["Smile"]) });
      const res = await admin.put(`/api/admin/newsletters/${draft.id}`, {
        proTips: '["Listen\\u0000 closely"]',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message:
          "Each of the pro tips must be a single line without control characters (such as NUL or a line break).",
        field: "proTips.0",
      });
      const [kept] = await t.db.select().from(newsletters).where(eq(newsletters.id, draft.id));
      expect(kept.proTips).toBe(JSON.stringify(["Smile"]));
    });

    it("refuses an escape character in free text but keeps its line breaks and tabs", async () => {
      const draft = await newsletter();
      const nul = await admin.put(`/api/admin/newsletters/${draft.id}`, {
        closingMessage: "See you\u001b[2J soon",
      });
      expect(nul.statusCode).toBe(400);
      expect(nul.json().message).toBe(
        "Closing message contains a control character (such as NUL or an escape). Please remove it.",
      );
      const lines = await admin.put(`/api/admin/newsletters/${draft.id}`, {
        closingMessage: "See you soon,\r\n\tthe team",
      });
      expect(lines.statusCode).toBe(200);
    });
  });

  describe("update", () => {
    it("refuses to edit a newsletter that is being sent or was sent", async () => {
      for (const [status, message] of [
        ["sending", "This newsletter is being sent right now and cannot be edited."],
        ["sent", "This newsletter has already been sent and cannot be edited."],
      ] as const) {
        const row = await newsletter({ status });
        const res = await admin.put(`/api/admin/newsletters/${row.id}`, { title: "Changed" });
        expect(res.statusCode, status).toBe(409);
        expect(res.json().message).toBe(message);
        const [stored] = await t.db.select().from(newsletters).where(eq(newsletters.id, row.id));
        expect(stored.title).not.toBe("Changed");
      }
    });

    it("names each listed newsletter's linked pairing, and none when the pairing is gone", async () => {
      const first = await pairingOfTwoPairs();
      const second = await pairingOfTwoPairs();
      const toFirst = await newsletter({ pairingFile: first.file });
      const toSecond = await newsletter({ pairingFile: second.file });
      const toGone = await newsletter({ pairingFile: "pairing-2027-01-group1-gone-1.json" });
      const res = await admin.get("/api/admin/newsletters");
      expect(res.statusCode).toBe(200);
      const names = new Map(
        (res.json() as Array<{ id: number; pairingDisplayName: string | null }>).map((n) => [
          n.id,
          n.pairingDisplayName,
        ]),
      );
      expect(names.get(toFirst.id)).toBe(`March 2027 – ${first.group.displayName}`);
      expect(names.get(toSecond.id)).toBe(`March 2027 – ${second.group.displayName}`);
      expect(names.get(toGone.id)).toBeNull();
    });

    it("replaces the earlier validation when the linked pairing changes, and clears it when unlinked", async () => {
      const first = await pairingOfTwoPairs();
      const second = await pairingOfTwoPairs();
      const draft = await newsletter();
      const validated = await admin.post(`/api/admin/newsletters/${draft.id}/validate`, {
        pairingFile: first.file,
      });
      expect(validated.statusCode).toBe(200);
      await admin.put(`/api/admin/newsletters/${draft.id}`, { pairingFile: first.file });
      const relinked = (
        await admin.put(`/api/admin/newsletters/${draft.id}`, { pairingFile: second.file })
      ).json();
      expect(relinked.validationResult).toMatchObject({ pairingFile: second.file, isValid: true });
      expect(relinked.pairingDisplayName).toBe(`March 2027 – ${second.group.displayName}`);
      const [stored] = await t.db.select().from(newsletters).where(eq(newsletters.id, draft.id));
      expect(stored.domainGroupId).toBe(second.group.id);
      const unlinked = (
        await admin.put(`/api/admin/newsletters/${draft.id}`, { pairingFile: null })
      ).json();
      expect(unlinked.validationResult).toBeNull();
    });

    it("puts an approved newsletter back to draft when its pairing has critical issues", async () => {
      const { pairing } = await pairingOfTwoPairs();
      const record = await completedRecordWithMissingMember(pairing.month);
      const approved = await newsletter({ status: "approved", approvedAt: NOW });
      const res = await admin.put(`/api/admin/newsletters/${approved.id}`, {
        pairingFile: record,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: "draft",
        validationResult: { isValid: false, validationLevel: "error" },
      });
    });

    it("refuses a pairing that is not in the list", async () => {
      const draft = await newsletter();
      const res = await admin.put(`/api/admin/newsletters/${draft.id}`, {
        pairingFile: "current-pairing-999999",
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        "The chosen pairing does not exist. Please choose one from the list.",
      );
    });

    it("answers an unknown newsletter with 404", async () => {
      const res = await admin.put("/api/admin/newsletters/999999", { title: "x" });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("Newsletter not found");
    });
  });

  it("lists a completed pairing once: its record names the link it had while running", async () => {
    const { pairing, file } = await pairingOfTwoPairs();
    await t.db.update(pairings).set({ status: "completed" }).where(eq(pairings.id, pairing.id));
    const fileName = `pairing-2027-03-done-${++seq}.json`;
    await t.db.insert(completedPairings).values({
      fileName,
      name: "Done",
      month: "2027-03",
      runOfMonth: 1,
      matchCount: 2,
      pairingId: pairing.id,
      content: { name: "Done", month: "2027-03", domainGroup: "All Users", matches: [] },
    });
    const files = (await admin.get("/api/admin/newsletter-files")).json();
    expect(files.filter((f: { fileName: string }) => f.fileName === file)).toEqual([]);
    expect(files.find((f: { fileName: string }) => f.fileName === fileName)).toMatchObject({
      status: "completed",
      runningFileName: file,
    });
  });

  it("lists active pairings and completed records as newsletter files", async () => {
    const { pairing, group } = await pairingOfTwoPairs();
    const record = await completedRecordWithMissingMember("2027-02");
    const files = (await admin.get("/api/admin/newsletter-files")).json();
    expect(files).toEqual(
      expect.arrayContaining([
        {
          fileName: activePairingFile(pairing.id),
          displayName: `March 2027 – ${group.displayName} (current)`,
          status: "active",
          totalPairs: 2,
          runningFileName: null,
        },
        {
          fileName: record,
          displayName: "February 2027 – All Users",
          status: "completed",
          totalPairs: 1,
          runningFileName: null,
        },
      ]),
    );
  });

  describe("validate", () => {
    it("passes when every member has a partner", async () => {
      const { file } = await pairingOfTwoPairs();
      const draft = await newsletter();
      const res = await admin.post(`/api/admin/newsletters/${draft.id}/validate`, {
        pairingFile: file,
      });
      expect(res.json()).toEqual({
        message: "Validation passed: 4 people have a match.",
        validation: { validationLevel: "valid", isValid: true },
        details: {
          totalUsers: 4,
          usersWithMatches: 4,
          usersWithoutMatches: 0,
          invalidMatches: 0,
          matchSuccessRate: 100,
          criticalErrors: [],
          matchingErrors: [],
        },
      });
    });

    it("warns by name about members who opted out or were deactivated", async () => {
      const { file, people } = await pairingOfTwoPairs();
      await t.db
        .update(users)
        .set({ participationStatus: "opted_out" })
        .where(eq(users.id, people[0].id));
      await t.db.update(users).set({ isActive: false }).where(eq(users.id, people[2].id));
      const draft = await newsletter();
      const body = (
        await admin.post(`/api/admin/newsletters/${draft.id}/validate`, { pairingFile: file })
      ).json();
      expect(body.validation).toEqual({ validationLevel: "warning", isValid: true });
      expect(body.details.matchingErrors).toEqual([
        `Ada Test (${people[0].email}) has opted out and will not receive it.`,
        `Cy Test (${people[2].email}) is deactivated and will not receive it.`,
      ]);
    });

    it("fails when a member no longer has an account", async () => {
      const record = await completedRecordWithMissingMember("2027-01");
      const draft = await newsletter();
      const body = (
        await admin.post(`/api/admin/newsletters/${draft.id}/validate`, { pairingFile: record })
      ).json();
      expect(body.validation).toEqual({ validationLevel: "error", isValid: false });
      expect(body.details).toMatchObject({ invalidMatches: 1, usersWithMatches: 0 });
      expect(body.details.criticalErrors).toContain(
        "Match 1: gone@nowhere.test no longer has an account.",
      );
    });

    it("asks for a pairing file first", async () => {
      const draft = await newsletter();
      const res = await admin.post(`/api/admin/newsletters/${draft.id}/validate`, {});
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Please select a pairing file first");
    });
  });

  describe("approve", () => {
    it("approves a draft with the admin's notes", async () => {
      const draft = await newsletter();
      const res = await admin.post(`/api/admin/newsletters/${draft.id}/approve`, {
        adminNotes: "Looks good",
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: "approved", adminNotes: "Looks good" });
      expect(res.json().approvedAt).toBe(NOW.toISOString());
    });

    it("refuses anything but a draft", async () => {
      for (const status of ["approved", "sending", "sent"] as const) {
        const row = await newsletter({ status });
        const res = await admin.post(`/api/admin/newsletters/${row.id}/approve`, {});
        expect(res.statusCode, status).toBe(409);
        expect(res.json().message).toMatch(/^Only a draft can be approved; this newsletter is /);
      }
    });
  });

  describe("delete", () => {
    it("deletes a draft", async () => {
      const draft = await newsletter();
      expect((await admin.delete(`/api/admin/newsletters/${draft.id}`)).statusCode).toBe(200);
      expect(await t.db.select().from(newsletters).where(eq(newsletters.id, draft.id))).toEqual([]);
    });

    it("refuses while sending and once sent, with a message", async () => {
      for (const [status, message] of [
        ["sending", "This newsletter is being sent right now and cannot be deleted."],
        ["sent", "This newsletter has already been sent and cannot be deleted."],
      ] as const) {
        const row = await newsletter({ status });
        const res = await admin.delete(`/api/admin/newsletters/${row.id}`);
        expect(res.statusCode, status).toBe(409);
        expect(res.json().message).toBe(message);
      }
    });
  });

  describe("preview and test e-mail", () => {
    it("shows one member's personalised e-mail and who their match is", async () => {
      const { file, people } = await pairingOfTwoPairs();
      const draft = await newsletter({ pairingFile: file });
      const res = await admin.post(`/api/admin/newsletters/${draft.id}/preview-email`, {
        recipientEmail: people[0].email,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.matchInfo).toEqual({
        found: true,
        partner: { name: "Ben Test", team: "engineering" },
        partners: [{ name: "Ben Test", team: "engineering" }],
        noNewsletter: null,
      });
      expect(body.personalizedHtml).toContain("Ben Test");
      expect(body.recipientEmail).toBe(people[0].email);
    });

    it("says who the send would not e-mail, and why, by the send's own rule", async () => {
      const { file, people, person } = await pairingOfTwoPairs();
      const satOut = await person("Eve");
      const optedOut = await person("Fay", { participationStatus: "opted_out" });
      const paused = await person("Gus", { participationStatus: "paused" });
      await t.db
        .update(users)
        .set({ participationStatus: "opted_out" })
        .where(eq(users.id, people[1].id));
      const draft = await newsletter({ pairingFile: file });
      const unlinked = await newsletter();
      const infoOf = async (id: number, email: string) =>
        (
          await admin.post(`/api/admin/newsletters/${id}/preview-email`, { recipientEmail: email })
        ).json().matchInfo;

      expect(await infoOf(draft.id, satOut.email)).toMatchObject({
        found: false,
        noNewsletter: null,
      });
      expect((await infoOf(draft.id, optedOut.email)).noNewsletter).toBe("opted-out");
      expect((await infoOf(draft.id, paused.email)).noNewsletter).toBe("paused");
      expect((await infoOf(draft.id, people[1].email)).noNewsletter).toBe("opted-out");
      // Ada's partner opted out after the pairing: she still gets it.
      expect((await infoOf(draft.id, people[0].email)).noNewsletter).toBeNull();
      expect((await infoOf(unlinked.id, people[0].email)).noNewsletter).toBe("no-pairing");
    });

    it("answers an unknown recipient with the not-found message", async () => {
      const draft = await newsletter();
      const res = await admin.post(`/api/admin/newsletters/${draft.id}/preview-email`, {
        recipientEmail: "nobody@nowhere.test",
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(USER_NOT_FOUND);
    });

    it("asks for a recipient", async () => {
      const draft = await newsletter();
      const res = await admin.post(`/api/admin/newsletters/${draft.id}/preview-email`, {
        recipientEmail: "",
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Please enter a recipient email to preview");
    });

    it("sends one real test e-mail personalised as that person sees it", async () => {
      const { file, people } = await pairingOfTwoPairs();
      const draft = await newsletter({ pairingFile: file });
      const res = await admin.post(`/api/admin/newsletters/${draft.id}/send-test`, {
        testEmail: people[3].email,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        testEmail: people[3].email,
        matchFound: true,
        message: `Test email sent to ${people[3].email}`,
      });
      const sent = (await t.outbox()).filter((m) => m.toAddress === people[3].email);
      expect(sent).toHaveLength(1);
      expect(sent[0].subject).toBe(`[Test] ${draft.subject}`);
      expect(sent[0].text).toContain("Cy Test");
    });

    it("sends the admin a test showing the e-mail of the person they chose", async () => {
      const { file, people } = await pairingOfTwoPairs();
      const draft = await newsletter({ pairingFile: file });
      const res = await admin.post(`/api/admin/newsletters/${draft.id}/send-test`, {
        testEmail: "boss@acme.test",
        previewAs: people[3].email,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        matchFound: true,
        message: `Test email sent to boss@acme.test, as ${people[3].email} receives it`,
      });
      const [sent] = (await t.outbox()).filter((m) => m.toAddress === "boss@acme.test");
      expect(sent.subject).toBe(`[Test] ${draft.subject}`);
      expect(sent.text).toContain("Cy Test");
    });

    it("sends a test whose links act on nobody: the unsubscribe leads to the test page", async () => {
      const { file, people } = await pairingOfTwoPairs();
      const draft = await newsletter({ pairingFile: file });
      const previewAs = people[3].email;
      const res = await admin.post(`/api/admin/newsletters/${draft.id}/send-test`, {
        testEmail: "boss@acme.test",
        previewAs,
      });
      expect(res.statusCode).toBe(200);
      const [sent] = (await t.outbox()).filter((m) => m.toAddress === "boss@acme.test");
      const realToken = unsubscribeToken(await getAuthSecret(t.ctx), people[3].id);
      const testLink = `${t.ctx.config.appUrl}/test-email?link=unsubscribe`;
      for (const part of [sent.html, sent.text]) {
        expect(part).not.toContain(realToken);
        expect(part).not.toContain("token=");
        expect(part).toContain(testLink);
      }
      // The mail app's one-click Unsubscribe acts without a page to say it is a test: none at all.
      const data = { newsletterId: draft.id, previewAs, requestId: "r", sendBy: "" };
      const rendered = await newsletterTestMessage.render(t.ctx, data);
      expect(rendered.headers).toEqual({});
      const preview = await admin.post(`/api/admin/newsletters/${draft.id}/preview-email`, {
        recipientEmail: previewAs,
      });
      expect(preview.json().personalizedHtml).not.toContain(realToken);
      expect(preview.json().personalizedHtml).toContain(testLink);
    });

    it("composes each test afresh: it shows the pairing's people as they are at that send", async () => {
      // Not from the send's composition cache (send/newsletter-message.ts), which is keyed by the
      // newsletter's version: the partner's name below changes while the newsletter does not.
      const { file, people } = await pairingOfTwoPairs();
      const draft = await newsletter({ pairingFile: file });
      const sendAs = (testEmail: string) =>
        admin.post(`/api/admin/newsletters/${draft.id}/send-test`, {
          testEmail,
          previewAs: people[3].email,
        });
      expect((await sendAs("first-look@acme.test")).statusCode).toBe(200);
      await t.db.update(users).set({ firstName: "Cyra" }).where(eq(users.id, people[2].id));
      expect((await sendAs("second-look@acme.test")).statusCode).toBe(200);
      const textTo = async (address: string) =>
        (await t.outbox()).find((m) => m.toAddress === address)?.text;
      expect(await textTo("first-look@acme.test")).toContain("Cy Test");
      expect(await textTo("second-look@acme.test")).toContain("Cyra Test");
    });

    it("sends a test to an address outside the pairing with the match placeholder", async () => {
      const draft = await newsletter({ matchPlaceholder: "Your match appears here" });
      const res = await admin.post(`/api/admin/newsletters/${draft.id}/send-test`, {
        testEmail: "qa@outside.test",
      });
      expect(res.json().matchFound).toBe(false);
      const [sent] = (await t.outbox()).filter((m) => m.toAddress === "qa@outside.test");
      expect(sent.text).toContain("Your match appears here");
    });
  });
});
