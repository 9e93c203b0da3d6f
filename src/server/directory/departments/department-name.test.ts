import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pairingRows, pairingsCsv } from "../../../client/features/admin/pairings/pairing-rows";
import { activePairingFile } from "../../../shared/pairing-file-names";
import { fixedClock } from "../../clock";
import { defaultNewsletter } from "../../newsletters/newsletter-defaults";
import {
  allowEmail,
  createAdmin,
  createDepartment,
  createGroup,
  createMatch,
  createNewsletter,
  createPairing,
  createUser,
} from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import type { Requests } from "../../test/test-client";

/*
 * Two groups store the same key "customer-success" under different names, and the company-wide
 * list has "finance": wherever a person's department is shown, it is the name of their own list.
 */
let t: TestApp;
let admin: Requests;
let people: Record<"ada" | "ben" | "cy" | "dee", { id: string; email: string }>;
let groupA: number;

beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(new Date("2027-03-10T09:00:00Z")) });
  admin = t.as(await createAdmin(t.db, { email: "boss@names.test" }));
  const a = await createGroup(t.db, { displayName: "Acme" });
  const b = await createGroup(t.db, { displayName: "Beta" });
  groupA = a.id;
  for (const [group, displayName] of [
    [a, "Customer Success"],
    [b, "Client Care"],
  ] as const) {
    await createDepartment(t.db, { name: "Other", displayName: "Other", domainGroupId: group.id });
    await createDepartment(t.db, {
      name: "customer-success",
      displayName,
      domainGroupId: group.id,
    });
  }
  await createDepartment(t.db, { name: "finance", displayName: "Finance", domainGroupId: null });
  await allowEmail(t.db, "*@a-names.test", a.id);
  await allowEmail(t.db, "*@b-names.test", b.id);
  await allowEmail(t.db, "*@c-names.test", null);
  const person = (firstName: string, email: string, department: string, paused = false) =>
    createUser(t.db, {
      firstName,
      lastName: "Test",
      email,
      department,
      ...(paused ? { participationStatus: "paused" as const } : {}),
    });
  people = {
    ada: await person("Ada", "ada@a-names.test", "customer-success"),
    ben: await person("Ben", "ben@b-names.test", "customer-success"),
    cy: await person("Cy", "cy@c-names.test", "finance"),
    dee: await person("Dee", "dee@a-names.test", "customer-success", true),
  };
  const pairing = await createPairing(t.db, { month: "2027-03" });
  await createMatch(t.db, { members: [people.ada, people.ben], pairing });
  await createMatch(t.db, { members: [people.cy, people.dee], pairing });
  await createNewsletter(t.db, {
    ...defaultNewsletter(3, 2027),
    pairingFile: activePairingFile(pairing.id),
  });
});
afterAll(() => t.close());

describe("a department is shown by its name, never its key", () => {
  it("in the current pairings and the CSV downloaded from them", async () => {
    const res = await admin.get("/api/admin/current-pairings");
    expect(res.statusCode).toBe(200);
    const csv = pairingsCsv(pairingRows(res.json()));
    const [, adaBen, cyDee] = csv.trim().split(/\r?\n/);
    expect(adaBen).toContain("ada@a-names.test,Customer Success,");
    expect(adaBen).toContain("ben@b-names.test,Client Care,");
    expect(cyDee).toContain("cy@c-names.test,Finance,");
    expect(csv).not.toContain("customer-success");
  });

  it("in the metrics' people per department", async () => {
    const { userMetrics } = (await admin.get("/api/admin/enhanced-metrics")).json();
    expect(userMetrics.byDepartment).toMatchObject({
      "Customer Success": 2,
      "Client Care": 1,
      Finance: 1,
    });
    expect(Object.keys(userMetrics.byDepartment)).not.toContain("customer-success");
    expect(Object.keys(userMetrics.byDepartment)).not.toContain("finance");
  });

  it("in the list of people left out of a pairing", async () => {
    const res = await admin.get(
      `/api/admin/pairing-validation/excluded?reason=paused&domainGroupId=${groupA}`,
    );
    expect(res.json().people).toEqual([
      expect.objectContaining({ email: "dee@a-names.test", department: "Customer Success" }),
    ]);
  });

  it("on the partner's match card and in the newsletter e-mail", async () => {
    const match = await t.as(people.ben).get("/api/matches/current");
    expect(match.json().partner).toMatchObject({
      department: "customer-success",
      departmentDisplayName: "Customer Success",
    });
    const [newsletter] = (await admin.get("/api/admin/newsletters")).json();
    const preview = await admin.post(`/api/admin/newsletters/${newsletter.id}/preview-email`, {
      recipientEmail: people.ada.email,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().matchInfo.partner).toEqual({ name: "Ben Test", team: "Client Care" });
    expect(preview.json().personalizedHtml).toContain("Client Care");
    expect(preview.json().personalizedHtml).not.toContain("customer-success");
  });

  it("in User Management, whose search also finds the name", async () => {
    const res = await admin.get("/api/admin/users?q=client%20care");
    expect(res.json().users).toEqual([
      expect.objectContaining({
        email: "ben@b-names.test",
        department: "customer-success",
        departmentName: "Client Care",
      }),
    ]);
  });
});
