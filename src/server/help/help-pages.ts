import { readFileSync } from "node:fs";
import path from "node:path";
import type { HelpAudience, HelpIndex, HelpPage } from "../../shared/help";
import { type HelpSlug, helpSlugs, isHelpSlug } from "../../shared/help-pages";
import { NotFound } from "../errors";
import { repoRoot } from "../repo-root";
import { renderHelpMarkdown } from "./render-help-markdown";

const helpDir = path.join(repoRoot, "docs", "help");

/**
 * The document a page is read from: docs/help/<slug>.md, written for the people who read it (what
 * to do, what happens, who sees what). The maintainers' documents of the same parts
 * (docs/<slug>.md) are never served.
 */
function helpDocumentPath(slug: HelpSlug): string {
  return path.join(helpDir, `${slug}.md`);
}

/** Each page's place on the index, in the index's order: for everyone, then for admins. */
const indexEntries: Record<HelpSlug, { audience: HelpAudience; summary: string }> = {
  "sign-in": {
    audience: "everyone",
    summary: "Signing in with a link or a code, single sign-on, sessions and limits.",
  },
  profile: {
    audience: "everyone",
    summary:
      "Your profile and photo, pausing or opting out, how you meet, interests, never with, and departments.",
  },
  matches: {
    audience: "everyone",
    summary: "Your match, Met My Match, a partner who is away, and calendar invitations.",
  },
  "check-ins": {
    audience: "everyone",
    summary: "The question whether your chat happened, and what happens when nobody answers.",
  },
  privacy: {
    audience: "everyone",
    summary: "What is stored about you, for how long, and how to download or delete it.",
  },
  "admin-console": {
    audience: "admins",
    summary: "The admin dashboard: adding the company, invitations, users, departments, metrics.",
  },
  pairings: {
    audience: "admins",
    summary: "Who can be paired, generating the month, placing someone who sat out, re-pairing.",
  },
  rounds: {
    audience: "admins",
    summary:
      "The monthly rounds that run by themselves: reviewing a draft, the timeline, settings.",
  },
  newsletters: {
    audience: "admins",
    summary: "Writing, testing and sending the monthly newsletter, who receives it, the send logs.",
  },
  chat: {
    audience: "admins",
    summary: "Reaching people in Slack or Microsoft Teams, and telling other tools by webhooks.",
  },
  provisioning: {
    audience: "admins",
    summary: "Single sign-on, and keeping the list of people from your identity provider by SCIM.",
  },
  scheduling: {
    audience: "admins",
    summary: "How chat times are proposed and booked, and connecting the company's calendars.",
  },
  images: {
    audience: "admins",
    summary: "The newsletter image gallery, pictures that show well in e-mail, and profile photos.",
  },
};

/** Each page rendered once per process: the documents do not change while the app runs. */
const rendered = new Map<string, HelpPage>();

/**
 * One help page (docs/admin-console.md, "Help pages"): only a slug of the list in
 * src/shared/help.ts is read, so no address can name another file.
 */
export function readHelpPage(slug: string): HelpPage {
  if (!isHelpSlug(slug)) throw new NotFound("There is no help page at this address.");
  let page = rendered.get(slug);
  if (!page) {
    const { title, html } = renderHelpMarkdown(readFileSync(helpDocumentPath(slug), "utf8"));
    page = { slug, title, html };
    rendered.set(slug, page);
  }
  return page;
}

/** The help index: every page with its title, summary and audience, in the list's order. */
export function readHelpIndex(): HelpIndex {
  return {
    pages: helpSlugs.map((slug) => ({
      slug,
      title: readHelpPage(slug).title,
      ...indexEntries[slug],
    })),
  };
}
