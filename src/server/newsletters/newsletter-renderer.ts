import { randomBytes } from "node:crypto";
import { createElement } from "react";
import { monthName } from "../../shared/months";
import { BRAIN_BUZZER_LETTERS, DEFAULT_PRO_TIPS, isEmailImageUrl } from "../../shared/newsletters";
import type { Config } from "../config";
import type { NewsletterRow } from "../db/schema";
import { emailSafeImageUrl } from "../images/email-rendition";
import { renderEmail } from "../mail/render-email";
import {
  type MatchView,
  NewsletterEmail,
  type NewsletterEmailContent,
  type PartnerView,
} from "../mail/templates/newsletter-email";
import { parseList } from "./present";

/** What one recipient's e-mail shows; every string is raw text, escaped when filled in. */
export interface RecipientView {
  greetingName: string;
  match: MatchView;
  unsubscribeUrl: string | null;
}

export interface RenderedNewsletter {
  html: string;
  text: string;
}

/**
 * Renders a newsletter for many recipients without a React render per recipient. Each layout
 * variant (pair, trio, sat out, which optional partner fields are present) is rendered once with
 * placeholder tokens; a recipient's e-mail is that variant's HTML and text with the tokens replaced
 * by the recipient's values (HTML-escaped in the HTML part). The tokens carry a random nonce, so
 * no stored text can contain one.
 */
export function createNewsletterRenderer(config: Config, row: NewsletterRow) {
  const content = newsletterContent(config, row);
  const nonce = randomBytes(6).toString("hex").toUpperCase();
  const token = (name: string) => `QCOJ${nonce}${name}Q`;
  const tokenPattern = new RegExp(`QCOJ${nonce}([A-Z0-9]+)Q`, "g");
  const variants = new Map<string, Promise<CompiledVariant>>();

  async function compile(key: string, view: RecipientView): Promise<CompiledVariant> {
    const element = createElement(NewsletterEmail, {
      content,
      greetingName: token("GREETING"),
      match: tokenisedMatch(view.match, token),
      unsubscribeUrl: view.unsubscribeUrl === null ? null : token("UNSUB"),
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

  function fillVariant(compiled: CompiledVariant, view: RecipientView): RenderedNewsletter {
    const values = slotValues(view);
    return {
      html: fill(compiled.html, values, escapeHtml),
      text: fill(compiled.text, values, (v) => v),
    };
  }

  const ready = new Map<string, CompiledVariant>();
  return {
    content,
    async render(view: RecipientView): Promise<RenderedNewsletter> {
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
    renderPrepared(view: RecipientView): RenderedNewsletter {
      const compiled = ready.get(variantKey(view));
      if (!compiled) throw new Error(`Newsletter layout ${variantKey(view)} was not prepared`);
      return fillVariant(compiled, view);
    },
    /** How many layouts were rendered with React so far (one per variant, not per recipient). */
    variantCount: () => variants.size,
  };
}

export type NewsletterRenderer = ReturnType<typeof createNewsletterRenderer>;

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
  const unsub = view.unsubscribeUrl === null ? "n" : "u";
  if (m.kind !== "partners") return `${m.kind}|${unsub}`;
  const flags = m.partners
    .map((p) => `${p.photoUrl ? "p" : "-"}${p.department ? "d" : "-"}${p.bio ? "b" : "-"}`)
    .join(",");
  return `partners|${flags}|${m.starter ? "s" : "-"}|${unsub}`;
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

/**
 * An image address made absolute on APP_URL, as e-mails must link it (our WebP images as JPEG);
 * null when missing or not an http(s) image address.
 */
export function absoluteImageUrl(appUrl: string, value: string | null | undefined): string | null {
  if (!value || !isEmailImageUrl(value)) return null;
  return emailSafeImageUrl(appUrl, new URL(value, `${appUrl}/`).toString());
}

export function newsletterContent(config: Config, row: NewsletterRow): NewsletterEmailContent {
  const period = `${monthName(row.month) ?? row.month} ${row.year}`;
  const choices = parseList(row.brainBuzzerChoices).slice(0, BRAIN_BUZZER_LETTERS.length);
  const answerIndex = (BRAIN_BUZZER_LETTERS as readonly string[]).indexOf(
    row.brainBuzzerCorrectAnswer ?? "",
  );
  const tips = parseList(row.proTips);
  return {
    periodLabel: period,
    title: row.title,
    preview: `Meet your ${period} coffee chat match`,
    headerImageUrl: absoluteImageUrl(config.appUrl, row.newsletterImageUrl),
    moodText: row.moodDescription,
    moodImageUrl: absoluteImageUrl(config.appUrl, row.moodImageUrl),
    quoteText: row.quoteText,
    quoteAuthor: row.quoteAuthor,
    brainBuzzer:
      row.brainBuzzerQuestion && choices.length >= 2
        ? {
            question: row.brainBuzzerQuestion,
            choices,
            answer:
              answerIndex >= 0 && answerIndex < choices.length
                ? `${BRAIN_BUZZER_LETTERS[answerIndex]}. ${choices[answerIndex]}`
                : null,
          }
        : null,
    coffeeChatsParagraph: row.coffeeChatsParagraph,
    starters: parseList(row.coffeeChatStarters),
    proTips: tips.length > 0 ? tips : [...DEFAULT_PRO_TIPS],
    closingMessage: row.closingMessage,
    matchesUrl: `${config.appUrl}/matches`,
    profileUrl: `${config.appUrl}/profile`,
  };
}
