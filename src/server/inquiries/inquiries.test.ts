import { describe, expect, it } from "vitest";
import { companyInquiries, settings } from "../db/schema";
import { createAdmin } from "../test/factories";
import { setUpAppWithSmtpPeer } from "../test/smtp-app";
import type { SmtpPeer } from "../test/smtp-peer";
import { createTestApp, type TestApp } from "../test/test-app";

const valid = {
  companyName: "Acme Rockets",
  contactEmail: "Founder@Acme.test",
  expectedUsers: "100-500",
  additionalInfo: "We have three offices.",
};

let peer: SmtpPeer;
let t: TestApp;
let ipCounter = 0;
setUpAppWithSmtpPeer({ env: { OPERATOR_EMAIL: "ops@acme.test" } }, (app) => ({ t, peer } = app));

/** Each call comes from its own address so the per-IP limit only bites where a test wants it. */
function submit(payload: unknown, remoteAddress = `10.0.0.${++ipCounter}`) {
  return t.post("/api/company-inquiry", payload, { remoteAddress });
}

describe("POST /api/company-inquiry", () => {
  it("stores the inquiry and e-mails it to the operator with user text escaped", async () => {
    const res = await submit({ ...valid, companyName: "<script>alert(1)</script> Corp" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, message: "Inquiry Submitted" });
    const mail = await peer.waitForMessage((m) => m.to.includes("ops@acme.test"));
    expect(mail.subject).toBe("New company inquiry: <script>alert(1)</script> Corp");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; Corp");
    expect(mail.text).toContain("founder@acme.test");
    expect(mail.text).toContain("We have three offices.");
    const rows = await t.db.select().from(companyInquiries);
    const stored = rows.find((r) => r.id === res.json().id);
    expect(stored).toMatchObject({
      companyName: "<script>alert(1)</script> Corp",
      contactEmail: "founder@acme.test",
      expectedUsers: "100-500",
      additionalInfo: "We have three offices.",
    });
  });

  it("accepts an inquiry without additional information", async () => {
    const res = await submit({ ...valid, additionalInfo: "" });
    expect(res.statusCode).toBe(201);
  });

  it.each([
    [
      { ...valid, companyName: "   " },
      "companyName",
      "Please fill in company name, contact email, and expected users.",
    ],
    [
      { ...valid, contactEmail: undefined },
      "contactEmail",
      "Please fill in company name, contact email, and expected users.",
    ],
    [
      { ...valid, contactEmail: "not-an-email" },
      "contactEmail",
      "Please enter a valid email address.",
    ],
    [
      { ...valid, expectedUsers: "a million" },
      "expectedUsers",
      "Please fill in company name, contact email, and expected users.",
    ],
    [
      { ...valid, companyName: "x".repeat(201) },
      "companyName",
      "Company name must be at most 200 characters",
    ],
    [
      { ...valid, additionalInfo: "x".repeat(5001) },
      "additionalInfo",
      "Additional information must be at most 5000 characters",
    ],
  ])("refuses %j", async (payload, field, message) => {
    const before = (await t.db.select().from(companyInquiries)).length;
    const res = await submit(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field, message });
    expect((await t.db.select().from(companyInquiries)).length).toBe(before);
  });

  it("limits each network address to five inquiries an hour", async () => {
    const ip = "192.0.2.77";
    for (let i = 0; i < 5; i++) expect((await submit(valid, ip)).statusCode).toBe(201);
    const limited = await submit(valid, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many inquiries/);
    expect(limited.headers["retry-after"]).toBeDefined();
    expect((await submit(valid, "192.0.2.78")).statusCode).toBe(201);
  });
});

describe("POST /api/company-inquiry: where the e-mail goes", () => {
  it("is closed without an operator address or when it is the company's own admin, then follows the operator_email setting", async () => {
    const quiet = await createTestApp({ env: { OPERATOR_EMAIL: "HR@acme.test" } });
    try {
      const send = () => quiet.post("/api/company-inquiry", valid);
      expect((await quiet.get("/api/company-inquiry")).json()).toEqual({ open: true });
      await createAdmin(quiet.db, { email: "hr@acme.test" });
      expect((await quiet.get("/api/company-inquiry")).json()).toEqual({ open: false });
      const closed = await send();
      expect(closed.statusCode).toBe(404);
      expect(closed.json().message).toMatch(/does not take company inquiries/);
      expect(await quiet.db.select().from(companyInquiries)).toHaveLength(0);
      await quiet.db.insert(settings).values({ key: "operator_email", value: "sales@vendor.test" });
      expect((await quiet.get("/api/company-inquiry")).json()).toEqual({ open: true });
      expect((await send()).statusCode).toBe(201);
      const mails = await quiet.outbox();
      expect(mails.map((m) => [m.toAddress, m.kind])).toEqual([["sales@vendor.test", "inquiry"]]);
    } finally {
      await quiet.close();
    }
  });

  it("is closed on an install with neither OPERATOR_EMAIL nor the setting", async () => {
    const bare = await createTestApp();
    try {
      expect((await bare.get("/api/company-inquiry")).json()).toEqual({ open: false });
      expect((await bare.post("/api/company-inquiry", valid)).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
