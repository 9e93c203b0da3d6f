import { render } from "@react-email/render";
import type { ReactElement } from "react";

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
  const [html, text] = await Promise.all([
    render(element),
    render(element, { plainText: true, htmlToTextOptions: textOptions }),
  ]);
  return { html, text };
}
