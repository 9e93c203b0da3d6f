import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, workerChromium } from "./harness";
import { contrastFaultsIn } from "./interaction-states";

const brokenPage = `<!doctype html><html lang="en"><head><title>Broken</title></head><body><main>
  <h1>A page with three faults</h1>
  <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" id="photo">
  <button id="nameless"></button>
  <p style="color:#ccc;background:#fff">Pale text</p>
  <section id="fine"><h2>A part without faults</h2><p>Readable text</p></section>
</main></body></html>`;

/** The app's page with a modal dialog open: the root hidden from assistive technology, as Radix does. */
function pageWithDialog(rootHidden: boolean): string {
  const root = rootHidden ? '<div id="root" aria-hidden="true">' : '<div id="root">';
  return `<!doctype html><html lang="en"><head><title>Dialog</title></head><body>${root}<main>
  <h1>Behind</h1><button id="behind"></button></main></div>
  <div role="dialog" aria-label="Editor" aria-hidden="true"><button id="under"></button></div>
  <div role="dialog" aria-label="Confirm"><p style="color:#ccc;background:#fff">Pale text</p></div>
</body></html>`;
}

/** Buttons readable at rest; the first unreadable when hovered, the second's focus ring faint. */
const statesPage = `<!doctype html><html lang="en"><head><title>States</title><style>
  button { color: #fff; background: #3a2519; transition: background-color 1s, outline-color 1s; }
  #pale:hover { background: #f3e9de; }
  button:focus-visible { outline: 2px solid #b45309; outline-offset: 2px; }
  #faint:focus-visible { outline-color: #f3e9de; }
</style></head><body><main><h1>States</h1>
  <button id="pale">Pale when hovered</button> <button id="faint">Faint ring</button>
</main></body></html>`;

const ruleIds = (lines: string[]) => lines.map((line) => line.split(":")[0]).sort();

let page: Page;
beforeAll(async () => {
  page = await (await workerChromium()).newPage();
});
afterAll(() => page?.close());

describe("the stories' axe check", () => {
  it("reports a missing alt, a nameless button and low contrast at every check of a page", async () => {
    await page.goto(`data:text/html,${encodeURIComponent(brokenPage)}`);
    const faults = ["button-name", "color-contrast", "image-alt"];
    expect(ruleIds(await axeViolations(page))).toEqual(faults);
    // The second check reuses the axe already in the page, and checks the page as it is now.
    await page.evaluate(() => document.getElementById("photo")?.setAttribute("alt", "A photo"));
    expect(ruleIds(await axeViolations(page))).toEqual(["button-name", "color-contrast"]);
  });

  it("loads axe again into a new document, and checks only the part asked for", async () => {
    await page.goto(`data:text/html,${encodeURIComponent(brokenPage)}`);
    expect(await page.evaluate(() => "axe" in window)).toBe(false);
    expect(await axeViolations(page, "#fine")).toEqual([]);
    expect(ruleIds(await axeViolations(page, "#nameless"))).toEqual(["button-name"]);
  });

  it("checks only the dialogs left to assistive technology while a modal one hides the page", async () => {
    await page.goto(`data:text/html,${encodeURIComponent(pageWithDialog(true))}`);
    expect(ruleIds(await axeViolations(page))).toEqual(["color-contrast"]);
    await page.goto(`data:text/html,${encodeURIComponent(pageWithDialog(false))}`);
    expect(ruleIds(await axeViolations(page))).toEqual(["button-name", "color-contrast"]);
  });
});

describe("the hover and focus check", () => {
  it("finds a hover colour and a focus ring that cannot be read, and only those", async () => {
    await page.goto(`data:text/html,${encodeURIComponent(statesPage)}`);
    expect(await axeViolations(page)).toEqual([]);
    expect(await contrastFaultsIn(page, "hover")).toEqual([
      "hover: color-contrast: Elements must meet minimum color contrast ratio thresholds (#pale)",
    ]);
    const focus = await contrastFaultsIn(page, "focus");
    expect(focus).toHaveLength(1);
    expect(focus[0]).toMatch(/^focus: focus ring .* on button "Faint ring"$/);
    // The states are given back: the page reads as before.
    expect(await axeViolations(page)).toEqual([]);
  });

  it("checks the page without the pointer's hover, wherever the mouse was left", async () => {
    await page.goto(`data:text/html,${encodeURIComponent(statesPage)}`);
    await page.locator("#pale").hover();
    expect(await page.locator("#pale").evaluate((e) => e.matches(":hover"))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });
});
