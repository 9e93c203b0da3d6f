import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type * as ReactEmailRender from "@react-email/render";
import type { ReactElement } from "react";

/**
 * @react-email/render's edge build, which renders through react-dom/server.edge. Its Node build
 * renders through react-dom's Node build, whose first render starts an AsyncLocalStorage: from
 * then on Node runs async hooks on every promise of the process, a tax on every request that
 * follows the first e-mail (docs/decisions/0027-e-mail-rendered-by-the-edge-build.md).
 */
let renderer: Promise<typeof ReactEmailRender> | undefined;
function edgeRenderer(): Promise<typeof ReactEmailRender> {
  if (!renderer) {
    const nodeBuild = createRequire(import.meta.url).resolve("@react-email/render");
    const edgeBuild = path.join(path.dirname(nodeBuild), "..", "edge", "index.mjs");
    renderer = import(pathToFileURL(edgeBuild).href);
  }
  return renderer;
}

/**
 * Every link in the plain-text part is written `<https://…>`: a full stop or comma after it can
 * never become part of the address a mail client makes clickable (RFC 3986, appendix C).
 */
function linkInBrackets(elem: Node, walk: Walk, builder: Builder): void {
  const href = (elem.attribs?.href ?? "").replace(/^mailto:/, "");
  if (!href) {
    walk(elem.children, builder);
    return;
  }
  if (textOf(elem).trim() !== href) {
    walk(elem.children, builder);
    builder.addInline(" ");
  }
  builder.addInline(`<${href}>`, { noWordTransform: true });
}

/** The parts of html-to-text's formatter arguments used here (it ships no types). */
type Node = { type?: string; data?: string; attribs?: Record<string, string>; children?: Node[] };
type Builder = { addInline(text: string, options?: { noWordTransform?: boolean }): void };
type Walk = (nodes: Node[] | undefined, builder: Builder) => void;

function textOf(node: Node): string {
  if (node.type === "text") return node.data ?? "";
  return (node.children ?? []).map(textOf).join("");
}

const textOptions = {
  formatters: { linkInBrackets },
  selectors: [{ selector: "a", format: "linkInBrackets" }],
};

/** Renders one template to the HTML and plain-text bodies every message carries. */
export async function renderEmail(element: ReactElement): Promise<{ html: string; text: string }> {
  const { render } = await edgeRenderer();
  const [html, text] = await Promise.all([
    render(element),
    render(element, { plainText: true, htmlToTextOptions: textOptions }),
  ]);
  return { html, text };
}
