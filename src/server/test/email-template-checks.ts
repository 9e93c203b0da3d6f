import { readdirSync } from "node:fs";
import path from "node:path";
import type { ReactElement } from "react";
import { expect, it } from "vitest";
import { renderEmail } from "../mail/render-email";

/** The match e-mails of mail/templates/, sampled by their own test (newsletter-templates.test.ts). */
export const MATCH_EMAIL_TEMPLATES = ["announcement-email", "newsletter-email"];

/**
 * The checks every e-mail template passes, for a folder of templates (`*-email.tsx`) and one
 * sample of each that `covers` picks: a new template without a sample fails the first check.
 */
export function checkEmailTemplates(
  folder: string,
  samples: Record<string, ReactElement>,
  covers: (template: string) => boolean = () => true,
) {
  it("has a sample of every template here", () => {
    const templates = readdirSync(folder)
      .filter((f) => f.endsWith("-email.tsx"))
      .map((f) => path.basename(f, ".tsx"))
      .filter(covers);
    expect(templates.sort()).toEqual(Object.keys(samples).sort());
  });

  for (const [name, element] of Object.entries(samples)) {
    it(`${name} carries a viewport meta tag`, async () => {
      const { html } = await renderEmail(element);
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head).toContain(
        '<meta name="viewport" content="width=device-width, initial-scale=1"/>',
      );
    });

    it(`${name} has a title in its head`, async () => {
      const { html } = await renderEmail(element);
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head).toMatch(/<title>[^<]*\S[^<]*<\/title>/);
    });

    it(`${name} writes every link of its text part in angle brackets, touching no punctuation`, async () => {
      const { html, text } = await renderEmail(element);
      const hrefs = [...html.matchAll(/href="(https?:[^"]+)"/g)].map((m) =>
        m[1].replaceAll("&amp;", "&"),
      );
      for (const href of hrefs) expect(text).toContain(`<${href}>`);
      const bare = text.replaceAll(/<https?:\/\/[^\s<>]+>/g, "");
      expect(bare).not.toMatch(/https?:\/\//);
    });
  }
}
