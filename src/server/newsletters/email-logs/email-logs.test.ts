import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEWSLETTER_ARCHIVED, USER_NOT_FOUND } from "../../../shared/newsletters";
import { activePairingFile } from "../../../shared/pairing-file-names";
import { fixedClock } from "../../clock";
import { newsletterArchive } from "../../db/schema";
import {
  createAdmin,
  createEmailLog,
  createGroup,
  createMatch,
  createNewsletter,
  createPairing,
  createUser,
} from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import type { Requests } from "../../test/test-client";

const NOW = new Date("2027-03-10T09:00:00Z");

let t: TestApp;
let admin: Requests;
const get = (url: string) => admin.get(url);
const preview = (body: object) => admin.post("/api/admin/email-logs/preview", body);

beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(NOW) });
  admin = t.as(await createAdmin(t.db));
});
afterAll(() => t.close());

describe("e-mail send logs", () => {
  it("keeps the latest send of each group current and archives the sends it superseded", async () => {
    const group = await createGroup(t.db, { displayName: "Acme" });
    const older = await createEmailLog(t.db, {
      month: 1,
      sentAt: new Date("2027-01-05T09:00:00Z"),
      domainGroupId: group.id,
      domainGroupName: "Acme",
    });
    const latest = await createEmailLog(t.db, {
      month: 2,
      sentAt: new Date("2027-02-05T09:00:00Z"),
      domainGroupId: group.id,
      domainGroupName: "Acme",
      pairingFile: "pairing-2027-02-group1-acme-1.json",
    });
    const companyWide = await createEmailLog(t.db, {
      month: 1,
      sentAt: new Date("2027-01-06T09:00:00Z"),
    });

    const current = (await get("/api/admin/email-logs")).json();
    const archived = (await get("/api/admin/email-logs/archived")).json();
    const ids = (logs: Array<{ id: number }>) => logs.map((l) => l.id);
    expect(ids(current)).toEqual([latest.id, companyWide.id]);
    expect(ids(archived)).toEqual([older.id]);
    expect(archived[0]).toMatchObject({
      is_archived: true,
      archived_at: "2027-02-05T09:00:00.000Z",
    });
    expect(current[0]).toMatchObject({
      newsletter_id: latest.newsletterId,
      total_recipients: 1,
      successful_sends: 1,
      failed_sends: 0,
      domain_group_name: "Acme",
      pairing_display: "February 2027 – Acme",
      is_archived: false,
    });
    expect(current[0]).not.toHaveProperty("entries");
  });

  describe("entries of one send", () => {
    const page = (id: number, query = "") => get(`/api/admin/email-logs/${id}/entries${query}`);
    const addresses = (res: { json(): { entries: Array<{ user_email: string }> } }) =>
      res.json().entries.map((e) => e.user_email);

    it("pages the entries in send order with the total", async () => {
      const recipients = Array.from({ length: 7 }, (_, i) => `p${i}@acme.test`);
      const log = await createEmailLog(t.db, { recipients });
      const first = await page(log.id, "?limit=3");
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ total: 7, offset: 0, limit: 3 });
      expect(addresses(first)).toEqual(recipients.slice(0, 3));
      expect(addresses(await page(log.id, "?offset=6&limit=3"))).toEqual(["p6@acme.test"]);
      expect(addresses(await page(log.id, "?offset=9"))).toEqual([]);
      expect(addresses(await page(log.id))).toEqual(recipients);
    });

    it("keeps only the failed entries, or those with validation issues, counting what it keeps", async () => {
      const log = await createEmailLog(t.db, {
        recipients: ["a@acme.test", "b@acme.test", "c@acme.test"],
        entries: [
          entry({ user_email: "a@acme.test" }),
          entry({ user_email: "b@acme.test", send_status: "failed", error_code: "550" }),
          entry({ user_email: "c@acme.test", validation_issues: ["c@acme.test is unpaired"] }),
        ],
      });
      const failed = await page(log.id, "?filter=failed");
      expect(failed.json()).toMatchObject({ total: 1 });
      expect(addresses(failed)).toEqual(["b@acme.test"]);
      const issues = await page(log.id, "?filter=issues&offset=0&limit=1");
      expect(issues.json()).toMatchObject({ total: 1 });
      expect(issues.json().entries[0].validation_issues).toEqual(["c@acme.test is unpaired"]);
      const none = await page(log.id, "?filter=issues&offset=5");
      expect(none.json()).toMatchObject({ entries: [], total: 1 });
    });

    it("answers a log that does not exist, and a bad page, with a message", async () => {
      const missing = await page(999_999);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toMatch(/no longer exists/);
      const log = await createEmailLog(t.db);
      const bad = await page(log.id, "?limit=100000");
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/limit must be at most 500/);
      expect((await page(log.id, "?filter=everything")).statusCode).toBe(400);
    });
  });

  describe("CSV download", () => {
    it("has one row per entry of the month, with formula-like cells and lines neutralised", async () => {
      await createEmailLog(t.db, {
        month: 6,
        year: 2026,
        newsletterTitle: '=HYPERLINK("http://evil.test","Click")',
        recipients: ["ada@acme.test", "+ben@acme.test"],
        entries: [
          entry({ user_email: "ada@acme.test", match_email: "-cy@acme.test" }),
          entry({
            user_email: "@ben@acme.test",
            send_status: "failed",
            error_code: "550",
            error_message: "=cmd|' /C calc'!A0",
            failure_reason: "Mailbox full\r\n=cmd|' /C calc'!A0",
          }),
        ],
      });
      const res = await get("/api/admin/email-logs/6/2026/csv");
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(res.headers["content-disposition"]).toBe(
        'attachment; filename="email_log_062026.csv"',
      );
      const { data } = Papa.parse<Record<string, string>>(res.body, { header: true });
      expect(data).toHaveLength(2);
      expect(data[0]).toMatchObject({
        newsletter_title: '\'=HYPERLINK("http://evil.test","Click")',
        user_email: "ada@acme.test",
        match_email: "'-cy@acme.test",
        send_status: "success",
      });
      expect(data[1]).toMatchObject({
        user_email: "'@ben@acme.test",
        send_status: "failed",
        error_code: "550",
        error_message: "'=cmd|' /C calc'!A0",
        failure_reason: "Mailbox full\r\n'=cmd|' /C calc'!A0",
      });
    });

    it("answers a month without sends with a message", async () => {
      const res = await get("/api/admin/email-logs/7/2031/csv");
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("There are no email logs for July 2031.");
    });

    it("refuses a month that does not exist", async () => {
      const res = await get("/api/admin/email-logs/13/2027/csv");
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Month must be 1 to 12");
    });
  });

  describe("preview of a logged e-mail", () => {
    async function sentNewsletter() {
      const [ada, ben] = await Promise.all(
        ["Ada", "Ben"].map((firstName) => createUser(t.db, { firstName, lastName: "Logged" })),
      );
      const pairing = await createPairing(t.db);
      await createMatch(t.db, { members: [ada, ben], pairing });
      const newsletter = await createNewsletter(t.db, {
        year: 2300 + pairing.id,
        status: "sent",
        sentAt: NOW,
        pairingFile: activePairingFile(pairing.id),
      });
      return { ada, ben, newsletter };
    }

    it("rebuilds the e-mail a recipient received", async () => {
      const { ada, newsletter } = await sentNewsletter();
      const res = await preview({ newsletterId: newsletter.id, userEmail: ada.email });
      expect(res.statusCode).toBe(200);
      expect(res.json().recipientEmail).toBe(ada.email);
      expect(res.json().html).toContain("Ben Logged");
    });

    it("rebuilds it from the archive once the newsletter itself is gone", async () => {
      const { ada, newsletter } = await sentNewsletter();
      const { id, ...snapshot } = newsletter;
      const goneId = id + 100_000;
      await t.db.insert(newsletterArchive).values({
        newsletterId: goneId,
        archiveFilename: `newsletter-archive-${goneId}.json`,
        snapshot: { ...snapshot, id: goneId },
      });
      const res = await preview({ newsletterId: goneId, userEmail: ada.email });
      expect(res.statusCode).toBe(200);
      expect(res.json().html).toContain("Ben Logged");
    });

    it("explains when neither the newsletter nor its archive exists", async () => {
      const res = await preview({ newsletterId: 987_654, userEmail: "ada@acme.test" });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(NEWSLETTER_ARCHIVED);
    });

    it("explains when the user is not in the system", async () => {
      const { newsletter } = await sentNewsletter();
      const res = await preview({ newsletterId: newsletter.id, userEmail: "ghost@acme.test" });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(USER_NOT_FOUND);
    });
  });
});

function entry(fields: Record<string, unknown>) {
  return {
    user_email: "x@acme.test",
    match_email: null,
    send_status: "success",
    match_validated: true,
    timestamp: "2026-06-05T09:00:00.000Z",
    error_message: null,
    error_code: null,
    failure_reason: null,
    validation_issues: [],
    ...fields,
  };
}
