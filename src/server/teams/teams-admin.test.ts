import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin, createUser } from "../test/factories";
import { startTeamsStandIn, type TeamsStandIn } from "../test/teams-stand-in";
import { createTestApp, TEST_APP_URL, type TestApp } from "../test/test-app";

/*
 * The admin's Teams card and the reach choice (docs/chat.md, "Microsoft Teams"): the app package,
 * Test connection against a stand-in, and Teams refused as a choice while it is not set up.
 */
const APP_ID = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
let teams: TeamsStandIn;
let t: TestApp;
let off: TestApp;

beforeAll(async () => {
  teams = await startTeamsStandIn({
    tenantId: "tenant-1",
    appId: APP_ID,
    password: "secret",
    people: {},
    catalogId: null,
    now: () => new Date(),
  });
  t = await createTestApp({
    env: {
      TEAMS_APP_ID: APP_ID,
      TEAMS_APP_PASSWORD: "secret",
      TEAMS_TENANT_ID: "tenant-1",
      ...teams.env,
    },
  });
  off = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await off?.close();
  await teams?.close();
});

const pngSize = (png: Uint8Array) => {
  const view = Buffer.from(png);
  expect(view.subarray(1, 4).toString("ascii")).toBe("PNG");
  return [view.readUInt32BE(16), view.readUInt32BE(20)];
};

describe("the admin's Teams card", () => {
  it("answers the app package: the manifest naming the bot in personal and group-chat scope, and two icons", async () => {
    const admin = await createAdmin(t.db);
    const res = await t.as(admin).get("/api/admin/teams/manifest");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual(["color.png", "manifest.json", "outline.png"]);
    const manifest = JSON.parse(Buffer.from(files["manifest.json"]).toString("utf8"));
    expect(manifest.$schema).toBe(
      "https://developer.microsoft.com/json-schemas/teams/v1.22/MicrosoftTeams.schema.json",
    );
    expect(manifest.manifestVersion).toBe("1.22");
    expect(manifest.id).toBe(APP_ID);
    expect(manifest.bots).toEqual([
      expect.objectContaining({ botId: APP_ID, scopes: ["personal", "groupChat"] }),
    ]);
    expect(manifest.validDomains).toEqual([new URL(TEST_APP_URL).host]);
    expect(manifest.icons).toEqual({ color: "color.png", outline: "outline.png" });
    expect(pngSize(files["color.png"])).toEqual([192, 192]);
    expect(pngSize(files["outline.png"])).toEqual([32, 32]);

    const person = await createUser(t.db);
    expect((await t.as(person).get("/api/admin/teams/manifest")).statusCode).toBe(403);
    const unset = await off.as(await createAdmin(off.db)).get("/api/admin/teams/manifest");
    expect(unset.statusCode).toBe(404);
    expect(unset.json().message).toBe(
      "Teams is not set up: ask whoever runs Cup of Joe to connect Teams first.",
    );
  });

  it("tests the connection: signed in, but the app not in the catalogue yet", async () => {
    const admin = await createAdmin(t.db);
    const res = await t.as(admin).post("/api/admin/teams/test", {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      connected: false,
      message: expect.stringMatching(/not in the organisation's catalogue yet/),
    });
    expect(teams.callsTo(/^\/login\/tenant-1\/oauth2\/v2\.0\/token$/).length).toBeGreaterThan(0);
  });

  it("offers Teams as a reach choice and a company default only once it is set up", async () => {
    const person = await createUser(off.db);
    const refused = await off.as(person).put("/api/profile/reach", { reachBy: "teams" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/Microsoft Teams is not set up here/);
    const admin = await createAdmin(off.db);
    const noDefault = await off.as(admin).put("/api/admin/channels", { defaultChannel: "teams" });
    expect(noDefault.statusCode).toBe(400);
    expect(noDefault.json().message).toMatch(
      /ask whoever runs Cup of Joe to connect Teams first\.$/,
    );
    expect(noDefault.json().message).not.toMatch(/TEAMS_/);

    const someone = await createUser(t.db);
    const chosen = await t.as(someone).put("/api/profile/reach", { reachBy: "teams" });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ reachBy: "teams", teamsAvailable: true });
    const boss = await createAdmin(t.db);
    const setDefault = await t.as(boss).put("/api/admin/channels", { defaultChannel: "teams" });
    expect(setDefault.statusCode).toBe(200);
    expect(setDefault.json()).toMatchObject({ defaultChannel: "teams", teamsSetUp: true });
  });
});
