import { randomBytes } from "node:crypto";
import type { ReactElement } from "react";
import { zoneNameForPeople } from "../../shared/zone-names";
import { renderEmail } from "./render-email";
import type { MatchView, PartnerView, RecipientView } from "./templates/views";

export interface RenderedEmail {
  html: string;
  text: string;
}

/**
 * Renders a match e-mail (`template`: the newsletter or the short announcement) for many
 * recipients without a React render per recipient. Each layout variant (pair, trio, sat out,
 * which optional partner fields are present) is rendered once with placeholder tokens; a
 * recipient's e-mail is that variant's HTML and text with the tokens replaced by the recipient's
 * values (HTML-escaped in the HTML part). The tokens carry a random nonce, so no stored text can
 * contain one.
 */
export function createRenderer(template: (view: RecipientView) => ReactElement) {
  const nonce = randomBytes(6).toString("hex").toUpperCase();
  const token = (name: string) => `QCOJ${nonce}${name}Q`;
  const tokenPattern = new RegExp(`QCOJ${nonce}([A-Z0-9]+)Q`, "g");
  const variants = new Map<string, Promise<CompiledVariant>>();

  async function compile(key: string, view: RecipientView): Promise<CompiledVariant> {
    const element = template({
      greetingName: token("GREETING"),
      match: tokenisedMatch(view.match, token),
      unsubscribeUrl: view.unsubscribeUrl === null ? null : token("UNSUB"),
      news: view.news === null ? null : token("NEWS"),
      times: tokenisedTimes(view, token),
    });
    const { html, text } = await renderEmail(element);
    return { key, html: split(html, tokenPattern), text: split(text, tokenPattern) };
  }

  function variantFor(view: RecipientView): Promise<CompiledVariant> {
    const key = variantKey(view);
    let variant = variants.get(key);
    if (!variant) {
      variant = compile(key, view);
      variants.set(key, variant);
    }
    return variant;
  }

  function fillVariant(compiled: CompiledVariant, view: RecipientView): RenderedEmail {
    const values = slotValues(view);
    return {
      html: fill(compiled.html, values, escapeHtml),
      text: fill(compiled.text, values, (v) => v),
    };
  }

  const ready = new Map<string, CompiledVariant>();
  return {
    async render(view: RecipientView): Promise<RenderedEmail> {
      return fillVariant(await variantFor(view), view);
    },
    /** Renders every layout these views need, so renderPrepared can fill them synchronously. */
    async prepare(views: Iterable<RecipientView>): Promise<void> {
      const pending = new Map<string, Promise<CompiledVariant>>();
      for (const view of views) {
        const key = variantKey(view);
        if (!ready.has(key) && !pending.has(key)) pending.set(key, variantFor(view));
      }
      for (const compiled of await Promise.all(pending.values())) ready.set(compiled.key, compiled);
    },
    /** A recipient's e-mail from a layout rendered by prepare (throws when it was not). */
    renderPrepared(view: RecipientView): RenderedEmail {
      const compiled = ready.get(variantKey(view));
      if (!compiled) throw new Error(`E-mail layout ${variantKey(view)} was not prepared`);
      return fillVariant(compiled, view);
    },
    /** How many layouts were rendered with React so far (one per variant, not per recipient). */
    variantCount: () => variants.size,
  };
}

type CompiledVariant = { key: string; html: string[]; text: string[] };

/** "a TOKEN b" → ["a ", "NAME", " b"]: literals at even indexes, slot names at odd ones. */
function split(rendered: string, pattern: RegExp): string[] {
  return rendered.split(pattern);
}

function fill(parts: string[], values: Map<string, string>, encode: (v: string) => string) {
  let out = "";
  for (let i = 0; i < parts.length; i++) {
    out += i % 2 === 0 ? parts[i] : encode(values.get(parts[i]) ?? "");
  }
  return out;
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;");
}

function variantKey(view: RecipientView): string {
  const m = view.match;
  const unsub = `${view.unsubscribeUrl === null ? "n" : "u"}${view.news === null ? "-" : "n"}`;
  if (m.kind !== "partners") return `${m.kind}|${unsub}`;
  const flags = m.partners
    .map((p) => `${p.photoUrl ? "p" : "-"}${p.department ? "d" : "-"}${p.bio ? "b" : "-"}`)
    .join(",");
  return `partners|${flags}|${m.starter ? "s" : "-"}|${unsub}|t${view.times?.times.length ?? 0}`;
}

/** The proposed times as slots: how many there are is the layout's, the rest each reader's. */
function tokenisedTimes(view: RecipientView, token: (name: string) => string) {
  if (!view.times?.times.length) return null;
  return {
    zone: token("TZONE"),
    zoneName: token("TZONE"),
    times: view.times.times.map((_, i) => ({
      start: token(`T${i}START`),
      label: token(`T${i}LABEL`),
      url: token(`T${i}URL`),
    })),
  };
}

function tokenisedMatch(match: MatchView, token: (name: string) => string): MatchView {
  if (match.kind === "sat-out") return match;
  if (match.kind === "placeholder") return { kind: "placeholder", text: token("PLACEHOLDER") };
  return {
    kind: "partners",
    starter: match.starter ? token("STARTER") : null,
    partners: match.partners.map((p, i) => ({
      name: token(`P${i}NAME`),
      initials: token(`P${i}INITIALS`),
      email: token(`P${i}EMAIL`),
      department: p.department ? token(`P${i}DEPT`) : null,
      bio: p.bio ? token(`P${i}BIO`) : null,
      photoUrl: p.photoUrl ? token(`P${i}PHOTO`) : null,
    })),
  };
}

function slotValues(view: RecipientView): Map<string, string> {
  const values = new Map<string, string>([["GREETING", view.greetingName]]);
  if (view.unsubscribeUrl) values.set("UNSUB", view.unsubscribeUrl);
  if (view.news) values.set("NEWS", view.news);
  if (view.times) values.set("TZONE", view.times.zoneName ?? zoneNameForPeople(view.times.zone));
  view.times?.times.forEach((time, i) => {
    values.set(`T${i}START`, time.start);
    values.set(`T${i}LABEL`, time.label);
    values.set(`T${i}URL`, time.url);
  });
  const m = view.match;
  if (m.kind === "placeholder") values.set("PLACEHOLDER", m.text);
  if (m.kind !== "partners") return values;
  if (m.starter) values.set("STARTER", m.starter);
  m.partners.forEach((p: PartnerView, i) => {
    values.set(`P${i}NAME`, p.name);
    values.set(`P${i}INITIALS`, p.initials);
    values.set(`P${i}EMAIL`, p.email);
    if (p.department) values.set(`P${i}DEPT`, p.department);
    if (p.bio) values.set(`P${i}BIO`, p.bio);
    if (p.photoUrl) values.set(`P${i}PHOTO`, p.photoUrl);
  });
  return values;
}
