import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  type Browser,
  type BrowserContext,
  type CDPSession,
  chromium,
  type Disposable,
  type Download,
  type Locator,
  type Page,
} from "playwright-core";
import { expect, onTestFinished } from "vitest";
import type { Clock } from "../../src/server/clock";
import { loadConfig } from "../../src/server/config";
import type { Db } from "../../src/server/db/client";
import { type RunningServer, startServer } from "../../src/server/start-server";
import { signIn } from "../../src/server/test/factories";
import { type SmtpPeer, startSmtpPeer } from "../../src/server/test/smtp-peer";
import { createEmbeddedTestDatabase } from "../../src/server/test/test-database";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";

export interface Story {
  baseUrl: string;
  server: RunningServer;
  db: Db;
  smtp: SmtpPeer;
  browser: Browser;
  /**
   * A page in a browser context of its own (own cookies, storage and cache), closed with the
   * story or left to the worker's next: a new one, or the page a finished test of this story (or
   * of the worker's last story) left (`keptPages`). `timezoneId`: the browser's time zone (IANA),
   * the machine's when unset (`inTimeZone`).
   */
  newPage(options?: { width?: number; height?: number; timezoneId?: string }): Promise<Page>;
  /**
   * `page`, which the test no longer uses, as a fresh browser for its next person (signed out,
   * nothing cached or stored, at the given size), as a finished test's page is handed to the next
   * test, in the machine's time zone; a new page (`newPage`) when it cannot be: changed by its
   * test for good (exposed functions, emulated media, its clock), a second tab, or off the app's
   * origin.
   */
  reusePage(page: Page, options?: { width?: number; height?: number }): Promise<Page>;
  /** Puts a session cookie for the user into the page's context. */
  signInAs(page: Page, user: { id: string }): Promise<void>;
  close(): Promise<void>;
}

let chromiumOfThisWorker: Promise<Browser> | undefined;

/**
 * One Chromium per story worker, launched by its first story file and kept for the next (the
 * files of a worker share its modules): each story opens its own contexts in it. Launched from the
 * worker, Playwright talks to it over its own pipe, not through a browser server in Vitest's main
 * process that relayed every story's traffic. It ends with the worker (Playwright closes the
 * browsers it launched when its process exits).
 */
export function workerChromium(): Promise<Browser> {
  chromiumOfThisWorker ??= chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  return chromiumOfThisWorker;
}

/**
 * Starts the real app (npm start's code path) on a free loopback port with its own data directory
 * and a real SMTP peer, beside its worker's Chromium. Set-up that is the same for every file is
 * done once (docs/performance.md, "The test suite"): the app's database is its worker's embedded
 * PGlite, migrated from the snapshot by the worker's first story and emptied to its migrated state
 * for the next when a story closes (src/server/test/embedded-database-pool.ts; startServer's
 * migrate() then finds nothing to apply, and TEST_DATABASE_URL's server is not used here), and
 * the browser is the worker's, each story with its own contexts.
 */
export async function startStory(
  options: {
    env?: Record<string, string>;
    clock?: Clock;
    /**
     * Each page this story opens reads `clock`'s instant when it opens (Playwright's clock), so a
     * date the page works out is the one the app and the story's expectation work out.
     */
    pagesOnClock?: boolean;
  } = {},
): Promise<Story> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "coj-e2e-"));
  const smtp = await startSmtpPeer();
  const configOn = (port: number) =>
    loadConfig({
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      ...options.env,
    });
  const [server, browser] = await Promise.all([
    startApp(configOn, options.clock),
    workerChromium(),
  ]);
  const baseUrl = server.appUrl;
  const pagesOnClock = Boolean(options.pagesOnClock && options.clock);
  const kept = keptPages(new URL(baseUrl).origin, pagesOnClock);
  const contexts: BrowserContext[] = kept.carried();
  const onClock = async (page: Page) => {
    if (!pagesOnClock || !options.clock) return;
    clockedContexts.add(page.context());
    await page.context().clock.setFixedTime(options.clock.now());
  };
  const newPage: Story["newPage"] = async ({ width = 1280, height = 900, timezoneId } = {}) => {
    let page = await kept.take({ width, height });
    if (!page) {
      const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height } });
      contexts.push(context);
      page = await context.newPage();
    }
    await inTimeZone(page, timezoneId);
    await onClock(page);
    kept.keepAfterTest(page);
    return page;
  };
  return {
    baseUrl,
    server,
    db: server.app.ctx.db,
    smtp,
    browser,
    newPage,
    async reusePage(page, { width = 1280, height = 900 } = {}) {
      // Still kept after its test as before: the same page, now the next person's.
      if (!(await kept.reuseNow(page, { width, height }))) return newPage({ width, height });
      await inTimeZone(page, undefined);
      await onClock(page);
      return page;
    },
    async signInAs(page, user) {
      // A session as of the server's clock, so a story that moves it stays signed in.
      const now = options.clock?.now();
      const [name, value] = (await signIn(server.app.ctx.db, user, { now })).split("=");
      await page
        .context()
        .addCookies([{ name, value, url: baseUrl, httpOnly: true, sameSite: "Lax" }]);
    },
    async close() {
      // The worker's Chromium stays for its next story file, and so do the pages that can be
      // handed on (`keptPages`); the other contexts close.
      const handedOn = await kept.leaveForNextStory();
      for (const context of contexts) {
        if (!handedOn.has(context)) await context.close().catch(() => {});
      }
      lastPort = server.port;
      // The pages left open send nothing more (their timers are stopped); a connection they still
      // hold would keep the server from closing.
      server.app.server.closeAllConnections();
      await server.close();
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The port of this worker's last story app: the next story's app asks for it first. */
let lastPort = 0;

/**
 * The story's app on the port of the worker's last one when it is free (its pages, on the same
 * origin, can then be handed to this story: `keptPages`), else on a port the system picks. A
 * start refused for the port gives its database back and starts again on port 0.
 */
async function startApp(
  configOn: (port: number) => ReturnType<typeof loadConfig>,
  clock: Clock | undefined,
): Promise<RunningServer> {
  for (const port of lastPort ? [lastPort, 0] : [0]) {
    const database = await createEmbeddedTestDatabase();
    try {
      return await startServer(configOn(port), { clock, log: () => {}, database });
    } catch (error) {
      await database.close();
      if (port === 0 || (error as { code?: string }).code !== "EADDRINUSE") throw error;
    }
  }
  throw new Error("unreachable");
}

/** Contexts a story's clock was installed in: Playwright's clock cannot be taken out again. */
const clockedContexts = new WeakSet<BrowserContext>();

/** What the worker knows of each page a story opened (`keptPages`). */
const changedPages = new WeakSet<Page>();
const watchedPages = new WeakSet<Page>();
const undoneBeforeHandingOn = new WeakMap<Page, Disposable[]>();
const pagesWithCachedAnswers = new WeakSet<Page>();

/** Pages the worker's last story left that its next story may take, with their origin. */
let leftPages: { page: Page; origin: string }[] = [];

/**
 * The pages finished tests of a story leave, handed to its next tests instead of new contexts,
 * and at its close to the worker's next story, whose app is on the same origin when it got the
 * same port (`startApp`).
 * A page's first load in a new page (a new renderer process) costs 2–2.5 s of Chromium's CPU,
 * a load in a page that already shows the app 0.6–0.9 s (docs/performance.md, "The test
 * suite"). A page is kept when its test passed, it is its context's only page, it is on the app's
 * origin and the test changed nothing of it for good (exposed functions, media emulation, its
 * context's clock; `watchChanges`); before it is handed out, its test's routes and init scripts
 * are taken off, its context's cookies and the origin's local and session storage are cleared,
 * and its HTTP cache unless all it may serve without asking the app is immutable
 * (`watchCachedAnswers`), so the next test meets it as a fresh browser meets the app (signed out,
 * nothing stored, no answer that could have changed), in the renderer that has shown the app
 * before.
 */
function keptPages(origin: string, pagesOnClock: boolean) {
  /** Nothing of its test outlives a navigation, and it is its context's only page, on the app. */
  const canHandOn = (page: Page) =>
    !page.isClosed() &&
    !changedPages.has(page) &&
    page.context().pages().length === 1 &&
    new URL(page.url()).origin === origin;
  // The last story's pages, when its app had this origin; one whose context has a clock only
  // for a story whose pages are on its own clock (which sets it again when it hands them out).
  const fits = ({ page, origin: its }: (typeof leftPages)[number]) =>
    its === origin && canHandOn(page) && (pagesOnClock || !clockedContexts.has(page.context()));
  const taken = leftPages.filter(fits);
  const pages: Page[] = taken.map(({ page }) => page);
  for (const left of leftPages) {
    if (!taken.includes(left))
      left.page
        .context()
        .close()
        .catch(() => {});
  }
  leftPages = [];
  return {
    /** The contexts of the pages taken over from the worker's last story. */
    carried: () => pages.map((page) => page.context()),
    /** Leaves the pages still kept to the worker's next story; their contexts. */
    async leaveForNextStory(): Promise<Set<BrowserContext>> {
      for (const page of pages) {
        if (canHandOn(page) && (await stopTimers(page))) leftPages.push({ page, origin });
      }
      return new Set(leftPages.map(({ page }) => page.context()));
    },
    keepAfterTest(page: Page) {
      if (!watchedPages.has(page)) {
        watchChanges(page, changedPages, undoneBeforeHandingOn);
        watchCachedAnswers(page, pagesWithCachedAnswers);
      }
      watchedPages.add(page);
      try {
        onTestFinished(({ task }) => {
          if (task.result?.state === "pass" && canHandOn(page)) pages.push(page);
        });
      } catch {
        // Opened outside a test (a beforeAll): it may serve several tests, so it is not handed on.
      }
    },
    /** `page` cleared for its test's next person, when it can be handed on; false when not. */
    async reuseNow(page: Page, viewport: { width: number; height: number }): Promise<boolean> {
      if (!watchedPages.has(page) || !canHandOn(page)) return false;
      return asFreshBrowser(page, viewport, pagesWithCachedAnswers);
    },
    async take(viewport: { width: number; height: number }): Promise<Page | undefined> {
      const page = pages.shift();
      if (!page) return undefined;
      return (await asFreshBrowser(page, viewport, pagesWithCachedAnswers)) ? page : undefined;
    },
  };
}

/** A page's time zone, and the developer protocol session that holds it (`inTimeZone`). */
const pageZones = new WeakMap<Page, { session: CDPSession; timezoneId?: string }>();

/**
 * Puts `page`'s browser in `timezoneId` (IANA), or back in the machine's when unset. Set through
 * the developer protocol rather than the browser context's option, so a page kept from a story
 * in one zone serves the next in another instead of a new context (docs/performance.md, "Fewer
 * new browser contexts"). The zone holds while the session does: for the page's whole life.
 */
async function inTimeZone(page: Page, timezoneId: string | undefined): Promise<void> {
  const zone = pageZones.get(page);
  if (zone?.timezoneId === timezoneId) return;
  const session = zone?.session ?? (await page.context().newCDPSession(page));
  await session.send("Emulation.setTimezoneOverride", { timezoneId: timezoneId ?? "" });
  pageZones.set(page, { session, timezoneId });
}

/**
 * Makes `page` meet the app as a fresh browser does: signed out, nothing stored, nothing cached
 * but immutable assets (`watchCachedAnswers`), at the given size. False (and its context closed)
 * when the page was leaving: a navigation its test started.
 */
async function asFreshBrowser(
  page: Page,
  viewport: { width: number; height: number },
  cachedAnswers: WeakSet<Page>,
): Promise<boolean> {
  try {
    // Its test's routes and init scripts taken off: the next test's page asks the app itself.
    for (const added of undoneBeforeHandingOn.get(page) ?? []) await added.dispose();
    undoneBeforeHandingOn.delete(page);
    // The last document stays until the next goto: its timers (a poll, a redirect after a toast)
    // are cleared, so it sends nothing signed out that the next user of the page could see.
    if (!(await stopTimers(page))) throw new Error("leaving");
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await page.context().clearCookies();
    if (cachedAnswers.has(page)) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Network.clearBrowserCache");
      await cdp.detach();
      cachedAnswers.delete(page);
    }
    await page.setViewportSize(viewport);
    return true;
  } catch {
    await page.context().close();
    return false;
  }
}

/**
 * Clears the timers of the page's document; false when it could not (the page was leaving). Timer
 * ids count up, from 1 or, under Playwright's clock, from 10^12: the last 10,000.
 */
async function stopTimers(page: Page): Promise<boolean> {
  try {
    await page.evaluate(() => {
      const last = Number(window.setTimeout(() => {}, 0));
      for (let id = Math.max(0, last - 10_000); id <= last; id++) window.clearTimeout(id);
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * Adds `page` to `cachedAnswers` when its context received an answer that its HTTP cache may
 * serve again without asking the app and that could differ next time (the landing page's
 * figures): the cache is then cleared before the page is handed on. Answers marked immutable
 * (the hashed client assets, uploaded images) stay, with the compiled code Chromium keeps beside
 * them: a handed-on page's first load of the admin dashboard then costs about 1.1 s of CPU instead
 * of 2.0 s (docs/performance.md, "The test suite"). Every other answer is `no-store` or
 * `no-cache`, or has no freshness of its own, so the app is asked again as a fresh browser would.
 */
function watchCachedAnswers(page: Page, cachedAnswers: WeakSet<Page>): void {
  page.context().on("response", (response) => {
    const headers = response.headers();
    const control = headers["cache-control"] ?? "";
    if (/\bimmutable\b/.test(control) || /\b(no-store|no-cache)\b/.test(control)) return;
    const maxAge = /\bmax-age=(\d+)/.exec(control);
    const fresh = maxAge
      ? Number(maxAge[1]) > 0
      : Boolean(headers.expires || headers["last-modified"]);
    if (fresh) cachedAnswers.add(page);
  });
}

/**
 * Marks `page` as changed in `changed` when a test gives it state that a navigation keeps and
 * that cannot be taken off again (exposed functions, emulated media, extra headers, its clock);
 * its routes and init scripts are noted in `undone` instead, to be taken off before the page is
 * handed on (`asFreshBrowser`).
 */
function watchChanges(page: Page, changed: WeakSet<Page>, undone: WeakMap<Page, Disposable[]>) {
  const lasting = [
    "routeFromHAR",
    "routeWebSocket",
    "exposeFunction",
    "exposeBinding",
    "emulateMedia",
    "setExtraHTTPHeaders",
  ] as const;
  const target = page as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of lasting) {
    const original = target[name];
    target[name] = (...args: unknown[]) => {
      changed.add(page);
      return original.apply(page, args);
    };
  }
  for (const name of ["route", "addInitScript"] as const) {
    const original = target[name] as (...args: unknown[]) => Promise<Disposable>;
    target[name] = async (...args: unknown[]) => {
      // An init script that exposes functions leaves them behind when it is taken off.
      if (name === "addInitScript" && (args[2] as { exposeFunctions?: boolean })?.exposeFunctions)
        changed.add(page);
      const added = await original.apply(page, args);
      undone.set(page, [...(undone.get(page) ?? []), added]);
      return added;
    };
  }
  const clock = page.clock;
  Object.defineProperty(page, "clock", {
    get() {
      changed.add(page);
      return clock;
    },
  });
}

/** axe-core's browser build, loaded into a page by its first check. */
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

/**
 * Axe violations as readable lines (empty when the page passes). axe-core runs in the page and
 * keeps only the violations; it is loaded once per document and kept there for the document's
 * next checks, since loading it costs several checks of a small page (docs/performance.md, "The
 * test suite"). Frames are not entered: ours are e-mail previews sandboxed without scripts, where
 * axe cannot run. `within`: a selector to check only that part. Without it, a page whose modal
 * dialog is open is checked in its dialogs: the rest of the page is then hidden from assistive
 * technology and inert, and unchanged since it was shown without the dialog. `rules`: axe's rule
 * ids to run, every rule when unset. The pointer is parked first and the page's transitions let
 * finish, so the result does not depend on where the last click left the mouse.
 */
export async function axeViolations(
  page: Page,
  within?: string,
  rules?: string[],
): Promise<string[]> {
  await parkPointer(page);
  await transitionsSettled(page);
  if (!(await page.evaluate(() => "axe" in window))) {
    await page.evaluate(axeSource);
    await page.evaluate(rememberParsedColors);
  }
  return page.evaluate(
    async ({ selector, rules }) => {
      const { axe } = window as unknown as { axe: typeof import("axe-core") };
      const results = await axe.run(selector ? { include: [selector] } : openModalDialogs(), {
        resultTypes: ["violations"],
        iframes: false,
        ...(rules ? { runOnly: { type: "rule", values: rules } } : {}),
      });
      return results.violations.map(
        (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
      );

      /** The open dialogs when a modal one hides the rest of the page, or else the whole document. */
      function openModalDialogs(): Document | { include: Element[] } {
        const hidden = (element: Element) => element.closest('[aria-hidden="true"]') !== null;
        const dialogs = [
          ...document.querySelectorAll('[role="dialog"], [role="alertdialog"]'),
        ].filter((dialog) => !hidden(dialog));
        const rest = document.getElementById("root");
        return dialogs.length > 0 && rest && hidden(rest) ? { include: dialogs } : document;
      }
    },
    { selector: within, rules },
  );
}

/**
 * Moves the mouse off the page, so that no element is in its hover state (nor a chart's tooltip
 * open) because the pointer happened to rest where the last click was: a check then sees the same
 * page whatever the pointer did before and however fast the page settled under it. Hover states
 * are checked on purpose by their own story (`e2e/hover-and-focus-contrast.e2e.ts`).
 */
async function parkPointer(page: Page): Promise<void> {
  await page.mouse.move(-1, -1);
}

/**
 * Waits until the page's CSS transitions have ended: a colour checked halfway through one (a
 * button changing from one variant to another, a hover colour fading out) is neither the colour
 * before nor after. Transitions are finite; CSS animations (which may repeat) are not waited for.
 */
async function transitionsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((transition) => transition.finished.catch(() => {})),
    ),
  );
}

/**
 * Makes axe parse each CSS colour text once per document. Its contrast rule parses the computed
 * colours of every text element and of each element behind it, through a general colour library,
 * and that parsing was a third of a check's time; a page uses a few dozen distinct colours
 * (docs/performance.md, "The test suite"). Parsing is a function of the text alone, so the kept
 * channels are what parsing again would give; a text that fails to parse is not kept and fails
 * again as before.
 */
function rememberParsedColors() {
  interface ParsedColor {
    r: number;
    g: number;
    b: number;
    alpha: number;
    parseString(text: string): ParsedColor;
  }
  const { axe } = window as unknown as {
    axe: { commons: { color: { Color: { prototype: ParsedColor } } } };
  };
  const color = axe.commons.color.Color.prototype;
  const parse = color.parseString;
  const parsed = new Map<string, Pick<ParsedColor, "r" | "g" | "b" | "alpha">>();
  color.parseString = function (this: ParsedColor, text: string) {
    const known = parsed.get(text) ?? parse.call(this, text);
    if (known !== this) Object.assign(this, known);
    else parsed.set(text, { r: this.r, g: this.g, b: this.b, alpha: this.alpha });
    return this;
  };
}

/**
 * Waits until a dialog has taken the focus. Its Escape listener is set up by the same effects
 * that move the focus into it, a moment after it shows: a key pressed as soon as it is visible
 * can be lost.
 */
export async function dialogHoldsFocus(dialog: Locator): Promise<void> {
  await dialog.waitFor();
  await dialog
    .page()
    .waitForFunction(
      (element) => element?.contains(document.activeElement) ?? false,
      await dialog.elementHandle(),
    );
}

/**
 * Presses Escape until `dialog` is gone (a few presses at most, then its absence is asserted). A
 * Radix layer listens for Escape only once it has drawn itself again as the topmost layer, a
 * moment after it takes the focus; an Escape in that moment goes to the layer below it, a toast,
 * which closes instead. A person cannot press that fast; a story on a loaded machine can.
 */
export async function closeWithEscape(dialog: Locator): Promise<void> {
  for (let press = 0; press < 4; press++) {
    await dialog.page().keyboard.press("Escape");
    const gone = await dialog
      .waitFor({ state: "detached", timeout: 3_000 })
      .then(() => true)
      .catch(() => false);
    if (gone) return;
  }
  await dialog.waitFor({ state: "detached" });
}

/**
 * Waits until `element` has the focus: a closed dialog gives it back a moment after it is gone, so
 * a story that focuses another control right away could lose the race to it.
 */
export async function focusIsOn(element: Locator): Promise<void> {
  await expect.poll(() => element.evaluate((e) => e === document.activeElement)).toBe(true);
}

/**
 * Runs `action` (a navigation, a click) and waits until the page has had the answer from the API
 * address `path` and drawn what follows from it. The anchor for an absence check where nothing
 * on the page shows that answer (a link offered only when the server says so): checked at once,
 * the absence would hold before the answer came as well as after.
 */
export async function answerDrawn(
  page: Page,
  path: string,
  action: () => Promise<unknown>,
): Promise<void> {
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === path);
  await action();
  await (await answer).finished();
  // The page's handlers of the answer run in the tasks after it arrived, and React draws their
  // state before the frame after the next.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), 0),
      ),
  );
}

/** A download's content as text, read as a stream (nothing is left in a downloads folder). */
export async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}

/** True when the page is wider than its viewport (horizontal scroll). */
export function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}
