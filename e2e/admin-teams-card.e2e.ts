import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { teamsPeople } from "../src/server/db/schema";
import { allowEmail, createAdmin, createUser } from "../src/server/test/factories";
import { startTeamsStandIn, type TeamsStandIn } from "../src/server/test/teams-stand-in";
import { teamsGraphPermissions } from "../src/shared/teams";
import { axeViolations, type Story, startStory } from "./support/harness";

/*
 * The admin's Microsoft Teams card (docs/chat.md, "Connecting Teams, step by step"): the upload
 * steps and the permissions with why, the app package downloaded, Test connection against a
 * stand-in of Microsoft, and who Teams could not reach with why.
 */
const APP_ID = "9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b";
let teams: TeamsStandIn;
let story: Story;
beforeAll(async () => {
  teams = await startTeamsStandIn({
    tenantId: "story-tenant",
    appId: APP_ID,
    password: "story-secret",
    people: {},
    catalogId: "catalog-story-app",
    now: () => new Date(),
  });
  story = await startStory({
    env: {
      TEAMS_APP_ID: APP_ID,
      TEAMS_APP_PASSWORD: "story-secret",
      TEAMS_TENANT_ID: "story-tenant",
      ...teams.env,
    },
  });
  await allowEmail(story.db, "*@teams-story.test");
});
afterAll(async () => {
  await story?.close();
  await teams?.close();
});

describe("an admin connects Microsoft Teams", () => {
  it("reads the steps, downloads the app package, tests the connection and sees who Teams misses", async () => {
    const robin = await createUser(story.db, {
      email: "robin@teams-story.test",
      firstName: "Robin",
      lastName: "Hale",
      reachBy: "teams",
    });
    const reason =
      "Microsoft 365 has no user with the address robin@teams-story.test in this organisation.";
    await story.db.insert(teamsPeople).values({
      userId: robin.id,
      email: robin.email,
      notReached: reason,
      lookedUpAt: new Date(),
    });
    const admin = await createAdmin(story.db, { email: "boss@teams-story.test" });
    const page = await story.newPage();
    await story.signInAs(page, admin);
    await page.goto("/admin/channels");

    // The steps: the messaging endpoint, each permission with why, and where to upload the app.
    await page.getByText(`${story.baseUrl}/api/teams/messages`, { exact: true }).waitFor();
    const permissions = page.getByTestId("teams-permissions").getByRole("listitem");
    expect(await permissions.count()).toBe(teamsGraphPermissions.length);
    for (const [index, permission] of teamsGraphPermissions.entries()) {
      const line = (await permissions.nth(index).textContent()) ?? "";
      expect(line).toContain(permission.name);
      expect(line).toContain(permission.why);
    }
    await page.getByText(/upload it in the Teams admin center/).waitFor();

    // The app package: a zip whose manifest names the bot.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download app package" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("cup-of-joe-teams.zip");
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk));
    const files = unzipSync(new Uint8Array(Buffer.concat(chunks)));
    const manifest = JSON.parse(Buffer.from(files["manifest.json"]).toString("utf8"));
    expect(manifest.bots[0]).toMatchObject({ botId: APP_ID, scopes: ["personal", "groupChat"] });

    // Test connection signs in at the stand-in and finds the app in the catalogue.
    await page.getByRole("button", { name: "Test connection" }).click();
    await expect
      .poll(() => page.getByTestId("teams-test").textContent(), { timeout: 30_000 })
      .toBe("Connected: signed in to Microsoft and the app is in the organisation's catalogue.");
    expect(teams.callsTo(/^\/graph\/v1\.0\/appCatalogs\/teamsApps$/).length).toBeGreaterThan(0);

    // Who Teams could not reach, and why: they get e-mail.
    const missed = page.getByTestId("teams-not-reached");
    expect(await missed.textContent()).toBe(`Robin Hale (robin@teams-story.test): ${reason}`);
    expect(await axeViolations(page)).toEqual([]);
  });
});
