import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matchingPreferences } from "../../shared/enums";
import { type HelpSlug, helpSlugs } from "../../shared/help-pages";
import { matchingPreferenceLabels } from "../../shared/profile";
import { repoRoot } from "../repo-root";
import { createTestApp, type TestApp } from "../test/test-app";
import { helpHref, renderHelpMarkdown } from "./render-help-markdown";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function page(slug: string) {
  const res = await t.get(`/api/public/help/${slug}`);
  expect(res.statusCode, slug).toBe(200);
  return res.json() as { slug: string; title: string; html: string };
}

const hrefsOf = (html: string) => [...html.matchAll(/ href="([^"]*)"/g)].map((m) => m[1]);
const idsOf = (html: string) => new Set([...html.matchAll(/ id="([^"]*)"/g)].map((m) => m[1]));

describe("GET /api/public/help", () => {
  it("lists every help page with its document's title, for everyone first, signed out", async () => {
    const res = await t.get("/api/public/help");
    expect(res.statusCode).toBe(200);
    const { pages } = res.json() as {
      pages: Array<{ slug: string; title: string; audience: string }>;
    };
    expect(pages.map((p) => p.slug)).toEqual([...helpSlugs]);
    expect(pages.find((p) => p.slug === "chat")).toMatchObject({
      title: "Slack, Microsoft Teams and signed webhooks",
      audience: "admins",
    });
    expect(pages.find((p) => p.slug === "privacy")?.audience).toBe("everyone");
  });
});

describe("GET /api/public/help/:slug", () => {
  it("renders an allow-listed document with its headings, ids and links between help pages", async () => {
    const chat = await page("chat");
    expect(chat.title).toBe("Slack, Microsoft Teams and signed webhooks");
    expect(chat.html).toContain(
      '<h1 id="slack-microsoft-teams-and-signed-webhooks">Slack, Microsoft Teams and signed webhooks</h1>',
    );
    expect(chat.html).toContain('<h2 id="setting-up-the-slack-app">Setting up the Slack app</h2>');
    const rounds = await page("rounds");
    expect(hrefsOf(rounds.html)).toContain("/help/check-ins#quiet-people");
    expect(hrefsOf(rounds.html)).toContain("/help/pairings#someone-sat-out");
  });

  it("leads every link of every page to a help page, a section that exists, or outside", async () => {
    const ids = new Map<string, Set<string>>();
    for (const slug of helpSlugs) ids.set(slug, idsOf((await page(slug)).html));
    for (const slug of helpSlugs) {
      for (const href of hrefsOf((await page(slug)).html)) {
        const where = `${slug}: ${href}`;
        if (/^(https?:|mailto:)/.test(href)) continue;
        const help = /^\/help\/([a-z-]+)(?:#(.+))?$/.exec(href);
        const section = href.startsWith("#") ? { target: slug, id: href.slice(1) } : undefined;
        expect(help || section, where).toBeTruthy();
        const target = (help?.[1] ?? section?.target) as HelpSlug;
        expect(helpSlugs, where).toContain(target);
        const id = help ? help[2] : section?.id;
        if (id) expect(ids.get(target)?.has(id), where).toBe(true);
      }
    }
  });

  it("answers the app's 404 for a document that is not a help page, or any path", async () => {
    for (const slug of [
      "architecture",
      "performance",
      "chat.md",
      "CHAT",
      "..%2Fpackage.json",
      "..%2F..%2Fsrc%2Fserver%2Fapp.ts",
      "%2e%2e%2fREADME",
      "decisions%2F0001-completed-pairings-in-the-database",
    ]) {
      const res = await t.get(`/api/public/help/${slug}`);
      expect(res.statusCode, slug).toBe(404);
      expect(res.json(), slug).toEqual({
        message: "There is no help page at this address.",
        code: "not_found",
      });
    }
  });
});

describe("rendering a document", () => {
  it("folds a diagram's source away, so a person sees it only if they ask", () => {
    const { html } = renderHelpMarkdown(
      ["# Title", "", "```mermaid", "graph LR", "```"].join("\n"),
    );
    expect(html).toContain("<details><summary>The diagram's source</summary>");
  });

  it("escapes raw HTML and refuses script links, so nothing in a document runs", () => {
    const { html } = renderHelpMarkdown(
      [
        "# Title",
        "",
        "<script>alert(1)</script>",
        "",
        '<img src=x onerror="alert(2)"> and <a href="javascript:alert(3)">a</a>',
        "",
        "[click](javascript:alert(4)) [data](data:text/html;base64,PHNjcmlwdD4=)",
        "",
        "```",
        "<script>alert(5)</script>",
        "```",
      ].join("\n"),
    );
    expect(html).not.toMatch(/<script|<img|<a href="javascript|href="data:/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(2)&quot;&gt;");
    expect(hrefsOf(html)).toEqual([]);
  });

  it("turns document names into help links and drops links into the code", () => {
    const { html } = renderHelpMarkdown(
      [
        "See [pairings](pairings.md#generating), [the rounds](../docs/rounds.md),",
        "docs/privacy.md, `chat.md`, performance.md, [the format](../src/server/matching/FORMAT.md)",
        "and [a decision](decisions/0018-scheduled-rounds.md).",
      ].join("\n"),
    );
    expect(hrefsOf(html)).toEqual([
      "/help/pairings#generating",
      "/help/rounds",
      "/help/privacy",
      "/help/chat",
    ]);
    expect(html).toContain("the format\nand a decision.");
    expect(html).toContain("performance.md");
  });

  it("keeps sections, app paths and outside addresses, and nothing else", () => {
    expect(helpHref("#limits")).toBe("#limits");
    expect(helpHref("/profile")).toBe("/profile");
    expect(helpHref("https://api.slack.com/apps")).toBe("https://api.slack.com/apps");
    expect(helpHref("docs/sign-in.md#limits")).toBe("/help/sign-in#limits");
    expect(helpHref("//evil.example/x")).toBeUndefined();
    expect(helpHref("architecture.md")).toBeUndefined();
    expect(helpHref("../knip.json")).toBeUndefined();
  });
});

describe("every help page is written for the people who read it", () => {
  const developerWords: Array<[what: string, pattern: RegExp]> = [
    ["a source path", /\bsrc\/|\.tsx?\b|\.sql\b/],
    ["an API path", /\/api\//],
    ["a table or column name", /\b[a-z]+(?:_[a-z]+)+\b/],
    ["an environment variable", /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/],
    ["an HTTP request", /\b(?:GET|POST|PUT|PATCH|DELETE) \//],
    ["code", /<code>/],
  ];

  it.each([
    ...helpSlugs,
  ])("%s is written for people: no source paths, tables, settings' names or API paths", async (slug) => {
    const { title, html } = await page(slug);
    const text = html.replace(/ href="[^"]*"/g, "");
    for (const [what, pattern] of developerWords) {
      expect(pattern.exec(text)?.[0], `${slug}: ${what}`).toBeUndefined();
    }
    expect(title).not.toMatch(/demo|company inquiry|dashboard,/i);
  });

  it("explains each card of a person's profile page on the profile help page", async () => {
    const { html } = await page("profile");
    for (const section of ["how-we-meet", "shared-interests", "never-with"]) {
      expect(idsOf(html).has(section), section).toBe(true);
    }
    expect(html).toContain("Pause until a date");
    expect(html).toContain("private: nobody else sees it");
  });

  it("names every matching preference the profile form offers, in its words", async () => {
    const { html } = await page("profile");
    const text = html
      .replace(/<[^>]+>/g, "")
      .replaceAll("&quot;", '"')
      .replace(/\s+/g, " ");
    for (const value of matchingPreferences) {
      expect(text, value).toContain(`"${matchingPreferenceLabels[value]}"`);
    }
  });

  it("keeps every section a card of the app links to", async () => {
    const links = helpLinksOfTheClient();
    expect(links.length).toBeGreaterThan(5);
    for (const { file, slug, section } of links) {
      const where = `${file}: ${slug}${section ? `#${section}` : ""}`;
      expect(helpSlugs, where).toContain(slug);
      if (section) expect(idsOf((await page(slug)).html).has(section), where).toBe(true);
    }
  });
});

/** Every `<HelpLink slug="…" section="…">` of the client's source, with its file. */
function helpLinksOfTheClient(): Array<{ file: string; slug: string; section?: string }> {
  const clientDir = path.join(repoRoot, "src", "client");
  return readdirSync(clientDir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".tsx"))
    .flatMap((file) =>
      [
        ...readFileSync(path.join(clientDir, file), "utf8").matchAll(
          /<HelpLink\s+slug="([^"]+)"(?:\s+section="([^"]+)")?/g,
        ),
      ].map((m) => ({ file, slug: m[1], ...(m[2] ? { section: m[2] } : {}) })),
    );
}
