import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createAdmin,
  createDepartment,
  createMatch,
  createPairing,
  createUser,
} from "../src/server/test/factories";
import { shiftMonthKey } from "../src/shared/connections";
import {
  axeViolations,
  downloadedText,
  hasHorizontalScroll,
  type Story,
  startStory,
} from "./support/harness";

let story: Story;
beforeAll(async () => {
  story = await startStory();
  // March 2027: three chats Engineering–Sales (six people), two within Sales (four people).
  await createDepartment(story.db, { name: "eng", displayName: "Engineering" });
  const people = async (department: string, n: number) => {
    const list = [];
    for (let i = 0; i < n; i++) list.push(await createUser(story.db, { department }));
    return list;
  };
  const [e1, e2, e3] = await people("eng", 3);
  const [s1, s2, s3, s4, s5, s6] = await people("Sales", 6);
  const march = await createPairing(story.db, { month: "2027-03", status: "completed" });
  for (const members of [
    [e1, s1],
    [e2, s2],
    [e3, s3],
    [s4, s5],
    [s6, s1],
  ]) {
    await createMatch(story.db, { members, pairing: march, status: "completed" });
  }
});
afterAll(() => story?.close());

async function openConnections(page: Page) {
  await page.getByRole("tab", { name: "Analytics & Metrics" }).click();
  await page.getByRole("tab", { name: "Connections" }).click();
  return page.getByRole("tabpanel", { name: "Connections" });
}

describe("an admin sees the connections the programme made across departments", () => {
  it.each([
    375, 1280,
  ])("reads the sample company's map at %i px, switches it and exports it", async (width) => {
    const page = await story.newPage({ width, height: 900 });
    await page.goto("/admin-demo");
    await page.getByRole("heading", { name: "Admin Dashboard (Demo)", level: 1 }).waitFor();
    const panel = await openConnections(page);
    const map = panel.getByRole("region", { name: "Chats that happened by department" });
    await map.getByRole("table").waitFor();
    // A programme older than six months: the page opens on the last six, and says where the
    // programme began (docs/help/admin-console.md).
    const [from, to] = [
      await panel.getByLabel("From").inputValue(),
      await panel.getByLabel("To").inputValue(),
    ].map((month) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5)));
    expect(to - from).toBe(5);
    await panel
      .getByText(/^The programme began in [A-Z][a-z]+ \d{4}: choose From to see earlier months/)
      .waitFor();
    // Eight departments, each a row of the table a screen reader reads.
    expect(await map.getByRole("rowheader").count()).toBe(8);
    expect(await map.innerText()).toContain("People & Culture");
    expect(await panel.getByText("Across departments", { exact: true }).count()).toBe(1);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    // The map scrolls sideways on a phone; the words about it wrap to the screen instead.
    const caption = panel.getByTestId("connections-map-caption");
    expect(await caption.innerText()).toContain("Chats that happened between the people");
    const captionRight = await caption.evaluate((el) => el.getBoundingClientRect().right);
    expect(captionRight).toBeLessThanOrEqual(width);
    expect(await caption.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    // On a phone a sentence says the map scrolls, and the keyboard reaches and scrolls it.
    const hint = panel.getByTestId("connections-map-scroll-hint");
    const overflows = await map.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    expect(overflows).toBe(width === 375);
    if (overflows) {
      expect(await hint.innerText()).toContain("Scroll sideways to see every department");
      expect(await hint.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(
        width,
      );
      await map.focus();
      expect(await map.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => map.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    } else {
      expect(await hint.count()).toBe(0);
    }
    expect(await axeViolations(page)).toEqual([]);

    await panel.getByRole("button", { name: "Matches made" }).click();
    await panel.getByRole("region", { name: "Matches made by department" }).waitFor();
    expect(
      await panel.getByRole("button", { name: "Matches made" }).getAttribute("aria-pressed"),
    ).toBe("true");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      panel.getByRole("button", { name: "Map as CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^connections_\d{4}-\d{2}_\d{4}-\d{2}_map\.csv$/);
    const csv = await downloadedText(download);
    expect(csv.split("\r\n")).toHaveLength(9);
    // The UTF-8 byte-order mark first, so Excel reads the names right.
    expect(csv.split("\r\n")[0]).toMatch(/^\uFEFFDepartment,/);

    // Two years: on a wide screen the Coverage chart names every month under its axis; on a
    // phone it leaves some out rather than draw them over each other, and its table names all.
    const lastMonth = await panel.getByLabel("To").inputValue();
    await panel.getByLabel("From").fill(shiftMonthKey(lastMonth, -23));
    const coverage = panel.locator("figure", { hasText: "Coverage" });
    await expect.poll(() => coverage.locator("tbody tr").count()).toBe(24);
    const labels = coverage.locator(".recharts-xAxis-tick-labels text");
    if (width === 1280) await expect.poll(() => labels.count()).toBe(24);
    const boxes = await labels.evaluateAll((texts) =>
      texts.map((t) => t.getBoundingClientRect()).map((r) => [r.left, r.right]),
    );
    for (let i = 1; i < boxes.length; i++)
      expect(boxes[i][0]).toBeGreaterThanOrEqual(boxes[i - 1][1]);
  });

  it("hides a cell about fewer people than the threshold, and shows it once lowered", async () => {
    const admin = await createAdmin(story.db, { email: "boss@hq.test" });
    const page = await story.newPage({ width: 1280, height: 900 });
    await story.signInAs(page, admin);
    await page.goto("/admin");
    const panel = await openConnections(page);
    await panel.getByLabel("From").fill("2027-03");
    await panel.getByLabel("To").fill("2027-03");
    const map = panel.getByRole("region", { name: "Chats that happened by department" });
    // Sales first: six people matched, Engineering three. Sales–Sales (two chats, four people) is
    // hidden, and Engineering's own cell (none) with it: the 5 chats less the 3 across
    // departments would give Sales–Sales away otherwise.
    const sales = map.locator("tbody tr").first();
    await expect.poll(() => sales.innerText()).toMatch(/^Sales\s+hidden\s+3$/);
    expect(await map.locator("tbody tr").nth(1).innerText()).toMatch(/^Engineering\s+3\s+hidden$/);
    // The chats are about nine people: shown, whatever the map hides.
    const chats = panel
      .locator("dt", { hasText: /^Chats that happened$/ })
      .locator("xpath=following-sibling::dd[1]");
    expect(await chats.innerText()).toBe("5");
    await panel.getByText(/reads “hidden” when the people it counts are fewer than 5/).waitFor();
    // Nothing changed since the figures were counted (in this first read): no recount is due.
    await panel.getByText(/^Counted at \d{2}:\d{2} UTC$/).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await panel.getByLabel("Hide figures about fewer than this many people").fill("3");
    await panel.getByRole("button", { name: "Save threshold" }).click();
    await page.getByText("Figures about fewer than 3 people are hidden.").first().waitFor();
    // Sales–Sales is about four people: shown now.
    await expect.poll(() => sales.innerText()).toMatch(/^Sales\s+2\s+3$/);
    expect(await map.locator("tbody tr").nth(1).innerText()).toMatch(/^Engineering\s+3\s+0$/);
    expect(await chats.innerText()).toBe("5");

    await panel.getByLabel("From").fill("2027-04");
    await panel.getByRole("alert").waitFor();
    expect(await panel.getByRole("alert").innerText()).toContain(
      "from must be the same month as to or before it.",
    );
  });
});
