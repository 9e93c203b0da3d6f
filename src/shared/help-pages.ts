/**
 * The help pages the app serves at /help/<slug> (docs/admin-console.md, "Help pages"), each a
 * document written for the people who read it (docs/help/<slug>.md): the people taking part, or
 * the admins running the programme. The maintainers' documents (docs/<slug>.md) are not served. Each page's audience and summary are the server's
 * (src/server/help/help-pages.ts). No zod here: the route table (src/shared/routes.ts) reads this
 * list, and the public pages ship without zod.
 */
export const helpSlugs = [
  "sign-in",
  "profile",
  "matches",
  "check-ins",
  "privacy",
  "admin-console",
  "pairings",
  "rounds",
  "newsletters",
  "chat",
  "provisioning",
  "scheduling",
  "images",
] as const;

export type HelpSlug = (typeof helpSlugs)[number];

/** The address of the help index. */
export const HELP_INDEX_PATH = "/help";

/** The address of one help page, with an optional section (a heading's id). */
export const helpPath = (slug: HelpSlug, section?: string): string =>
  `${HELP_INDEX_PATH}/${slug}${section ? `#${section}` : ""}`;

/** Whether `slug` names a help page (anything else, a path included, is not found). */
export function isHelpSlug(slug: string): slug is HelpSlug {
  return (helpSlugs as readonly string[]).includes(slug);
}
