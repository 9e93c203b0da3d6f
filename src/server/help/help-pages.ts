import { readFileSync } from "node:fs";
import path from "node:path";
import type { HelpAudience, HelpIndex, HelpPage } from "../../shared/help";
import { type HelpSlug, helpSlugs, isHelpSlug } from "../../shared/help-pages";
import { NotFound } from "../errors";
import { repoRoot } from "../repo-root";
import { renderHelpMarkdown } from "./render-help-markdown";

const docsDir = path.join(repoRoot, "docs");

/** Admins' pages written for people (docs/help/<slug>.md); the others are still docs/<slug>.md. */
const writtenForAdmins: ReadonlySet<HelpSlug> = new Set(["admin-console"]);

/**
 * The document a page is read from: a page for everyone, and an admin's page written for people,
 * is docs/help/<slug>.md (what to do, what happens, who sees what); any other admin's page is
 * the maintainers' document of that part (docs/<slug>.md).
 */
export function helpDocumentPath(slug: HelpSlug): string {
  return indexEntries[slug].audience === "everyone" || writtenForAdmins.has(slug)
    ? path.join(docsDir, "help", `${slug}.md`)
    : path.join(docsDir, `${slug}.md`);
}

/** Each page's place on the index, in the index's order: for everyone, then for admins. */
const indexEntries: Record<HelpSlug, { audience: HelpAudience; summary: string }> = {
  "sign-in": {
    audience: "everyone",
    summary: "Signing in with a link or a code, single sign-on, sessions and limits.",
  },
  profile: {
    audience: "everyone",
    summary: "Your profile and photo, pausing or opting out, and departments.",
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
    summary: "Who takes part, generating and completing pairings, re-pairing one person.",
  },
  rounds: {
    audience: "admins",
    summary: "The monthly rounds that run themselves: review, publish, check-in and completion.",
  },
  newsletters: {
    audience: "admins",
    summary: "The monthly e-mail: writing it, who receives it, sending, unsubscribe and logs.",
  },
  chat: {
    audience: "admins",
    summary: "Reaching people in Slack, and signed webhooks to other chat tools.",
  },
  provisioning: {
    audience: "admins",
    summary: "Keeping the roster from your identity provider by SCIM (Okta, Entra ID and others).",
  },
  scheduling: {
    audience: "admins",
    summary: "Proposing chat times, and connecting the company's calendars for busy times.",
  },
  images: {
    audience: "admins",
    summary: "Profile photos and the newsletter image gallery.",
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
