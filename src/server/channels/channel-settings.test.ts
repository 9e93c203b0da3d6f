import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPENAPI_DOCUMENT } from "../../shared/api";
import { SLACK_REFUSED_MESSAGE } from "../../shared/channels";
import { slackStatus } from "../slack/slack-status";
import { allowEmail, createAdmin, createUser } from "../test/factories";
import { type SlackStandIn, startSlackStandIn } from "../test/slack-stand-in";
import { createTestApp, type TestApp } from "../test/test-app";
import { SLACK_NOT_SET_UP_FOR_YOU } from "./reach";
import { SLACK_NOT_SET_UP } from "./set-default-channel";

/* Where people are reached (docs/chat.md): the profile's choice and the admin's Operations panel. */
const TOKEN = "xoxb-settings-token";
let slack: SlackStandIn;
let t: TestApp;
let off: TestApp;

beforeAll(async () => {
  slack = await startSlackStandIn({ token: TOKEN, people: {} });
  t = await createTestApp({
    env: {
      SLACK_BOT_TOKEN: TOKEN,
      SLACK_SIGNING_SECRET: "settings-secret",
      SLACK_API_URL: slack.url,
    },
  });
  off = await createTestApp();
  await allowEmail(t.db, "*@reach.test");
});
afterAll(async () => {
  await t.close();
  await off.close();
  await slack.close();
});

describe("GET/PUT /api/admin/channels", () => {
  it("shows Slack connected (auth.test) and saves the company's default channel", async () => {
    const admin = await createAdmin(t.db, { email: "boss@reach.test" });
    const res = await t.as(admin).get("/api/admin/channels");
    expect(res.json()).toMatchObject({
      defaultChannel: "email",
      slack: { configured: true, connected: true, team: "Test Co", botUser: "cupofjoe" },
      // The card greys out Teams with it, as the save refuses Teams (set-default-channel.ts).
      teamsSetUp: false,
    });
    expect(slack.callsOf("auth.test")[0].token).toBe(TOKEN);
    const saved = await t.as(admin).put("/api/admin/channels", { defaultChannel: "both" });
    expect(saved.json()).toMatchObject({ defaultChannel: "both" });
    const bad = await t.as(admin).put("/api/admin/channels", { defaultChannel: "pigeon" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/e-mail, Slack, both or Teams/);
  });

  it("says Slack is not set up when no token is configured", async () => {
    const admin = await createAdmin(off.db, { email: "boss@off.test" });
    const res = await off.as(admin).get("/api/admin/channels");
    expect(res.json().slack).toMatchObject({ configured: false, connected: false });
    expect(res.json().slack.message).toBe(
      "Slack is not set up: ask whoever runs Cup of Joe to connect Slack.",
    );
    // Slack cannot be the company's default while it is not set up; e-mail always can.
    for (const defaultChannel of ["slack", "both"]) {
      const refused = await off.as(admin).put("/api/admin/channels", { defaultChannel });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(SLACK_NOT_SET_UP);
    }
    expect((await off.as(admin).get("/api/admin/channels")).json().defaultChannel).toBe("email");
    const email = await off.as(admin).put("/api/admin/channels", { defaultChannel: "email" });
    expect(email.statusCode).toBe(200);
  });

  it("tells the admin in plain words when Slack refuses the token; the setting's name goes to the log", async () => {
    const warned: unknown[] = [];
    const revoked = { ...t.ctx, config: { ...t.ctx.config, SLACK_BOT_TOKEN: "xoxb-revoked" } };
    const status = await slackStatus(revoked, {
      warn: (details, message) => warned.push({ details, message }),
    });
    expect(status).toMatchObject({ configured: true, connected: false, team: null });
    // An admin in the browser reads what happened and whom to ask, not a variable or Slack's code.
    expect(status.message).toBe(SLACK_REFUSED_MESSAGE);
    expect(status.message).not.toMatch(/SLACK_|_TOKEN|invalid_auth/);
    expect(warned).toEqual([
      { details: { reason: "invalid_auth" }, message: "Slack refused SLACK_BOT_TOKEN (auth.test)" },
    ]);
  });

  it("is for admins only", async () => {
    const employee = await createUser(t.db, { email: "emp@reach.test" });
    expect((await t.as(employee).get("/api/admin/channels")).statusCode).toBe(403);
    expect((await t.as(employee).get("/api/admin/chat")).statusCode).toBe(403);
  });

  // docs/decisions/0083-channels-not-chat.md: scripts with an admin API token keep working.
  it("still answers at the old /chat paths, marked deprecated in the OpenAPI document", async () => {
    const admin = await createAdmin(t.db, { email: "old-paths@reach.test" });
    const saved = await t.as(admin).put("/api/admin/chat", { defaultChannel: "email" });
    expect(saved.statusCode).toBe(200);
    expect((await t.as(admin).get("/api/admin/chat")).json()).toEqual(
      (await t.as(admin).get("/api/admin/channels")).json(),
    );
    const log = await t.as(admin).get("/api/admin/chat/deliveries");
    expect(log.json()).toEqual((await t.as(admin).get("/api/admin/channels/deliveries")).json());
    const doc = (await t.app.inject({ method: "GET", url: OPENAPI_DOCUMENT })).json();
    expect(doc.paths["/api/admin/chat"].get.deprecated).toBe(true);
    expect(doc.paths["/api/admin/chat/deliveries"].get.deprecated).toBe(true);
    expect(doc.paths["/api/admin/channels"].get.deprecated).toBeUndefined();
  });
});

describe("GET/PUT /api/profile/reach", () => {
  it("keeps the person's own choice beside the company's default; null follows the company", async () => {
    const ann = await createUser(t.db, { email: "ann@reach.test" });
    expect((await t.as(ann).get("/api/profile/reach")).json()).toMatchObject({
      reachBy: null,
      slackAvailable: true,
    });
    const chosen = await t.as(ann).put("/api/profile/reach", { reachBy: "slack" });
    expect(chosen.json()).toMatchObject({ reachBy: "slack" });
    const back = await t.as(ann).put("/api/profile/reach", { reachBy: null });
    expect(back.json()).toMatchObject({ reachBy: null });
    const bad = await t.as(ann).put("/api/profile/reach", { reachBy: "fax" });
    expect(bad.statusCode).toBe(400);
    expect((await t.get("/api/profile/reach")).statusCode).toBe(401);
  });

  it("refuses Slack, alone or with e-mail, while Slack is not set up, saying so", async () => {
    await allowEmail(off.db, "*@reach-off.test");
    const bea = await createUser(off.db, { email: "bea@reach-off.test" });
    for (const reachBy of ["slack", "both"]) {
      const refused = await off.as(bea).put("/api/profile/reach", { reachBy });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(SLACK_NOT_SET_UP_FOR_YOU);
    }
    expect((await off.as(bea).get("/api/profile/reach")).json()).toMatchObject({ reachBy: null });
    const email = await off.as(bea).put("/api/profile/reach", { reachBy: "email" });
    expect(email.json()).toMatchObject({ reachBy: "email" });
  });
});

describe("POST /api/slack/interactions", () => {
  it("answers 401 to an unsigned press", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/slack/interactions",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "payload=%7B%7D",
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/signed by Slack/);
  });

  it("answers 404 when Slack is not configured", async () => {
    const res = await off.app.inject({
      method: "POST",
      url: "/api/slack/interactions",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "payload=%7B%7D",
    });
    expect(res.statusCode).toBe(404);
  });
});
