import { type MouseEvent, useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";

/**
 * A help page's HTML as the server rendered it from its markdown (raw HTML escaped there, see
 * src/server/help/render-help-markdown.ts). Its links to other help pages and to its own sections
 * stay inside the app, without loading the page again; the section named in the address is
 * scrolled to once the text is there.
 */
export function HelpArticle({ html }: { html: string }) {
  const navigate = useNavigate();
  const { hash } = useLocation();
  const article = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!hash || !html) return;
    article.current
      ?.querySelector(`[id="${CSS.escape(decodeURIComponent(hash.slice(1)))}"]`)
      ?.scrollIntoView();
  }, [hash, html]);

  const followInside = (event: MouseEvent<HTMLElement>) => {
    const link = (event.target as HTMLElement).closest("a");
    const href = link?.getAttribute("href") ?? "";
    const plainClick =
      event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (!plainClick || !(href.startsWith("/") || href.startsWith("#")) || href.startsWith("//")) {
      return;
    }
    event.preventDefault();
    navigate(href);
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Enter on a link inside fires this click too
    <article
      ref={article}
      className="help-prose"
      onClick={followInside}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered on the server with raw HTML escaped
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
