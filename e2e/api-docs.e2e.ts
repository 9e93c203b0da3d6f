import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Story, startStory } from "./support/harness";

let story: Story;
beforeAll(async () => {
  story = await startStory();
});
afterAll(() => story?.close());

describe("a developer reading the API documentation", () => {
  it("opens /api/docs, opens a feature's section and reads its routes from the OpenAPI document, within the page's security policy", async () => {
    const page = await story.newPage();
    const refused: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
    });
    await page.goto("/api/docs");
    await page.getByRole("heading", { name: /Cup of Joe API/ }).waitFor();
    // One closed section per endpoint table; opening one draws its routes.
    await page.getByRole("link", { name: "Match", exact: true }).click();
    await page.getByText("/api/matches/current", { exact: true }).first().waitFor();
    await page.getByRole("link", { name: "Newsletter", exact: true }).click();
    await page.getByText("/api/admin/newsletters/{id}/send", { exact: true }).first().waitFor();
    expect(refused).toEqual([]);
  });
});
