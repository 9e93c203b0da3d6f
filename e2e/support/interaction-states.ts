import type { Page } from "playwright-core";
import { axeViolations } from "./harness";

/** What a person can point at or move the focus to. */
const INTERACTIVE = [
  "a[href]",
  "button:not(:disabled)",
  "input:not(:disabled):not([type='hidden'])",
  "select:not(:disabled)",
  "textarea:not(:disabled)",
  "summary",
  "[role='button']",
  "[role='tab']",
  // A tab list takes the focus only to hand it to its selected tab at once.
  "[tabindex]:not([tabindex='-1']):not([role='tablist'])",
].join(", ");

/** The pseudo-classes a state turns on: a pointer resting on it, or the keyboard's focus. */
const STATES = { hover: ["hover"], focus: ["focus", "focus-visible"] } as const;

export type InteractionState = keyof typeof STATES;

/**
 * Contrast faults of the page's interactive elements in one state, all at once: every element is
 * put in the state through the browser's developer protocol (what its inspector's ":hov" does),
 * with transitions off, and axe's colour-contrast rule checks the page; for focus, each focus ring
 * must also stand out 3:1 against what is around it (WCAG 1.4.11). One check per state instead of
 * one per element: hovering or tabbing to each in turn and checking it cost a check per element
 * (docs/performance.md, "Stories that do not depend on the pointer, a transition or today's date").
 */
export async function contrastFaultsIn(page: Page, state: InteractionState): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
  // A node keeps its id for as long as this session knows it; a node drawn later gets a new one.
  const interactive = async () =>
    (await cdp.send("DOM.querySelectorAll", { nodeId: root.nodeId, selector: INTERACTIVE }))
      .nodeIds;
  const force = (nodeIds: number[], forcedPseudoClasses: string[]) =>
    Promise.all(
      nodeIds.map((nodeId) =>
        cdp.send("CSS.forcePseudoState", { nodeId, forcedPseudoClasses }).catch(() => {}),
      ),
    );
  // The state's colours at once: a transition caught halfway is neither state.
  const noTransitions = await page.addStyleTag({
    content: "*, *::before, *::after { transition: none !important; }",
  });
  try {
    // A part of the page drawn after its elements were put in the state (a section whose answer
    // came late) is not in it: such a check is made again, on the page as it is then.
    for (let attempt = 1; ; attempt++) {
      const nodeIds = await interactive();
      await force(nodeIds, [...STATES[state]]);
      const faults = await axeViolations(page, undefined, ["color-contrast"]);
      if (state === "focus") faults.push(...(await page.evaluate(focusRingFaults, INTERACTIVE)));
      const drawnSince = (await interactive()).some((nodeId) => !nodeIds.includes(nodeId));
      await force(nodeIds, []);
      if (!drawnSince || attempt === 5) return faults.map((fault) => `${state}: ${fault}`);
    }
  } finally {
    await noTransitions.evaluate((style) => (style as Element).remove());
    await cdp.detach();
  }
}

/**
 * Runs in the page: each visible interactive element's focus ring (its outline) against the
 * first opaque background behind it, 3:1 at least; an element with neither an outline nor a
 * shadow when focused has no ring at all.
 */
function focusRingFaults(selector: string): string[] {
  // Any CSS colour (Tailwind's are oklch) as sRGB channels and alpha, as a canvas paints it.
  const paint = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
  const channels = (color: string) => {
    if (!paint) return [255, 255, 255, 1];
    paint.clearRect(0, 0, 1, 1);
    paint.fillStyle = color;
    paint.fillRect(0, 0, 1, 1);
    const [r, g, b, alpha] = paint.getImageData(0, 0, 1, 1).data;
    return [r, g, b, alpha / 255];
  };
  const luminance = ([r, g, b]: number[]) => {
    const linear = (c: number) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  };
  const contrast = (a: number[], b: number[]) => {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (light + 0.05) / (dark + 0.05);
  };
  const backgroundAround = (element: Element) => {
    for (let at = element.parentElement; at; at = at.parentElement) {
      const [r, g, b, alpha] = channels(getComputedStyle(at).backgroundColor);
      if (alpha >= 1) return [r, g, b];
    }
    return [255, 255, 255];
  };
  const name = (element: Element) =>
    `${element.tagName.toLowerCase()} "${(element.textContent || element.getAttribute("aria-label") || "").trim().slice(0, 40)}"`;
  const faults: string[] = [];
  for (const element of document.querySelectorAll(selector)) {
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || style.visibility === "hidden") continue;
    if (element.closest("[aria-hidden='true'], [inert]")) continue;
    if (style.outlineStyle === "none" || Number.parseFloat(style.outlineWidth) === 0) {
      if (style.boxShadow === "none") faults.push(`no focus ring on ${name(element)}`);
      continue;
    }
    const ratio = contrast(channels(style.outlineColor), backgroundAround(element));
    if (ratio < 3) {
      faults.push(`focus ring ${style.outlineColor} ${ratio.toFixed(2)}:1 on ${name(element)}`);
    }
  }
  return faults;
}
