import MarkdownIt, { type StateCore, type Token } from "markdown-it";
import { helpPath, isHelpSlug } from "../../shared/help-pages";

/**
 * A help page's markdown as HTML (docs/decisions/0051-help-pages-rendered-by-markdown-it.md).
 * Raw HTML in the markdown is escaped, never passed on (`html: false`), and markdown-it refuses
 * `javascript:`, `vbscript:`, `file:` and `data:` links, so nothing in a document can run in the
 * page. Links between the documents become help addresses; a link to anything else of the
 * repository (the code, a decision record, a document that is not a help page) keeps its text and
 * loses its address, since the app serves no such page. Headings get ids as GitHub makes them, so
 * the documents' `#section` links work.
 */
export function renderHelpMarkdown(source: string): { title: string; html: string } {
  const env: { title?: string } = {};
  const html = parser.render(source, env);
  return { title: env.title ?? "", html };
}

const parser = new MarkdownIt({ html: false, linkify: false, typographer: false });
parser.core.ruler.push("help_heading_ids", addHeadingIds);
parser.core.ruler.push("help_links", rewriteLinks);
parser.renderer.rules.table_open = () =>
  // A wide table scrolls inside its own box on a phone; the box can take focus to be scrolled by
  // keyboard. No landmark role: a page of many tables would list many regions of one name.
  '<div class="help-table" tabindex="0"><table>\n';
parser.renderer.rules.table_close = () => "</table></div>\n";
const renderFence = parser.renderer.rules.fence;
parser.renderer.rules.fence = (tokens, index, options, env, self) => {
  const code = (renderFence?.(tokens, index, options, env, self) ?? "").replace(
    /^<pre>/,
    '<pre tabindex="0">',
  );
  // A diagram's source is for the repository's readers; a person sees it only if they ask.
  return tokens[index].info.trim() === "mermaid"
    ? `<details><summary>The diagram's source</summary>\n${code}</details>\n`
    : code;
};
parser.renderer.rules.code_block = (tokens, index) =>
  `<pre tabindex="0"><code>${parser.utils.escapeHtml(tokens[index].content)}</code></pre>\n`;

/** The address a link of a document leads to in the app, or undefined for none. */
export function helpHref(href: string): string | undefined {
  if (href.startsWith("#")) return href;
  if (/^(https?:|mailto:)/i.test(href)) return href;
  if (href.startsWith("/") && !href.startsWith("//")) return href;
  const [file, section] = href.split("#", 2);
  const name = file.replace(/^(\.{1,2}\/)+/, "").replace(/^docs\//, "");
  const slug = /^([a-z0-9-]+)\.md$/.exec(name)?.[1];
  return slug && isHelpSlug(slug) ? helpPath(slug, section) : undefined;
}

/** A GitHub-style heading id: lower case, punctuation dropped, spaces as hyphens. */
function headingId(text: string): string {
  return text
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function addHeadingIds(state: StateCore): void {
  const seen = new Map<string, number>();
  const env = state.env as { title?: string };
  state.tokens.forEach((token, index) => {
    if (token.type !== "heading_open") return;
    const text = plainText(state.tokens[index + 1]);
    if (token.tag === "h1" && env.title === undefined) env.title = text;
    const base = headingId(text);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    token.attrSet("id", count === 0 ? base : `${base}-${count}`);
  });
}

function plainText(inline: Token | undefined): string {
  return (inline?.children ?? [])
    .filter((child) => child.type === "text" || child.type === "code_inline")
    .map((child) => child.content)
    .join("");
}

/** A document's name in running text or code: `chat.md`, `docs/chat.md`. */
const documentMention = /(?<![\w./-])(?:docs\/)?([a-z0-9-]+)\.md\b/g;

function rewriteLinks(state: StateCore): void {
  for (const block of state.tokens) {
    if (block.type !== "inline" || !block.children) continue;
    block.children = linkDocuments(state, block.children);
  }
}

/** Existing links rewritten or unwrapped; document names outside links turned into links. */
function linkDocuments(state: StateCore, children: Token[]): Token[] {
  const out: Token[] = [];
  let insideLink = false;
  let dropClose = false;
  for (const child of children) {
    if (child.type === "link_open") {
      insideLink = true;
      const target = helpHref(child.attrGet("href") ?? "");
      dropClose = target === undefined;
      if (target !== undefined) out.push(withHref(child, target));
    } else if (child.type === "link_close") {
      insideLink = false;
      if (!dropClose) out.push(child);
    } else if (!insideLink && (child.type === "text" || child.type === "code_inline")) {
      out.push(...linkMentions(state, child));
    } else {
      out.push(child);
    }
  }
  return out;
}

function withHref(token: Token, href: string): Token {
  token.attrSet("href", href);
  return token;
}

/** A text or code token split so that each help page's name in it is a link to that page. */
function linkMentions(state: StateCore, token: Token): Token[] {
  const pieces: Token[] = [];
  let last = 0;
  for (const match of token.content.matchAll(documentMention)) {
    const slug = match[1];
    if (!isHelpSlug(slug)) continue;
    if (token.type === "code_inline" && match[0] !== token.content) continue;
    if (match.index > last)
      pieces.push(piece(state, token, token.content.slice(last, match.index)));
    const open = new state.Token("link_open", "a", 1);
    open.attrSet("href", helpPath(slug));
    pieces.push(open, piece(state, token, match[0]), new state.Token("link_close", "a", -1));
    last = match.index + match[0].length;
  }
  if (last === 0) return [token];
  if (last < token.content.length) pieces.push(piece(state, token, token.content.slice(last)));
  return pieces;
}

function piece(state: StateCore, like: Token, content: string): Token {
  const token = new state.Token(like.type, like.tag, 0);
  token.content = content;
  token.markup = like.markup;
  return token;
}
