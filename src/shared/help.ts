import { z } from "zod";

/** Whom a help page is for: the index lists the pages for everyone first, then the admins'. */
const helpAudienceSchema = z.enum(["everyone", "admins"]);
export type HelpAudience = z.infer<typeof helpAudienceSchema>;

/** GET /api/public/help: the help pages, each with its title (the document's first heading). */
export const helpIndexSchema = z.object({
  pages: z.array(
    z.object({
      slug: z.string(),
      title: z.string(),
      summary: z.string(),
      audience: helpAudienceSchema,
    }),
  ),
});
export type HelpIndex = z.infer<typeof helpIndexSchema>;

/**
 * GET /api/public/help/:slug: one help page, rendered on the server from its markdown with raw
 * HTML escaped, so `html` is safe to insert as it is.
 */
export const helpPageSchema = z.object({
  slug: z.string(),
  title: z.string(),
  html: z.string(),
});
export type HelpPage = z.infer<typeof helpPageSchema>;

export const helpSlugParamsSchema = z.object({ slug: z.string().max(100) });
