import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { type Config, loadConfig } from "../../config";
import type { NewsletterRow } from "../../db/schema";
import { createRenderer, escapeHtml } from "../../mail/layout-renderer";
import { renderEmail } from "../../mail/render-email";
import { AnnouncementEmail, announcementContent } from "../../mail/templates/announcement-email";
import { NewsletterEmail } from "../../mail/templates/newsletter-email";
import type { PartnerView, RecipientView } from "../../mail/templates/views";
import { defaultNewsletter } from "../newsletter-defaults";
import { newsletterContent } from "./content";

const config = loadConfig({ NODE_ENV: "test", APP_URL: "https://coffee.example" });
const row = {
  ...defaultNewsletter(3, 2027),
  id: 1,
  createdAt: new Date(),
  updatedAt: new Date(),
} as NewsletterRow;

function createNewsletterRenderer(config: Config, row: NewsletterRow) {
  const content = newsletterContent(config, row);
  return createRenderer((view) => createElement(NewsletterEmail, { content, ...view }));
}

const partner = (n: number, fields: Partial<PartnerView> = {}): PartnerView => ({
  name: `Partner ${n}`,
  initials: "P",
  department: "Sales",
  bio: null,
  email: `p${n}@acme.example`,
  photoUrl: null,
  ...fields,
});
const pairView = (n: number, fields: Partial<PartnerView> = {}): RecipientView => ({
  greetingName: `Reader ${n}`,
  match: { kind: "partners", partners: [partner(n, fields)], starter: "Tea or coffee?" },
  unsubscribeUrl: `https://coffee.example/unsubscribe?token=t${n}`,
  news: null,
});

describe("the newsletter renderer", () => {
  it("renders each layout once, however many recipients share it", async () => {
    const renderer = createNewsletterRenderer(config, row);
    const views = Array.from({ length: 200 }, (_, n) => pairView(n, n % 2 ? { bio: "Hi" } : {}));
    await renderer.prepare(views);
    const mails = views.map((v) => renderer.renderPrepared(v));
    expect(renderer.variantCount()).toBe(2);
    expect(mails[7].text).toContain("Hi Reader 7,");
    expect(mails[7].text).toContain("Partner 7");
    expect(mails[7].html).toContain('href="https://coffee.example/unsubscribe?token=t7"');
    expect(new Set(mails.map((m) => m.html)).size).toBe(200);
  });

  it("fills in the same e-mail React would render for that recipient", async () => {
    const view = pairView(1, {
      bio: 'Likes <b>bold</b> & "quotes"',
      photoUrl: "https://coffee.example/uploads/a.webp",
    });
    const viaTemplate = await createNewsletterRenderer(config, row).render(view);
    const renderer = createNewsletterRenderer(config, row);
    await renderer.prepare([pairView(2, { bio: "x", photoUrl: "https://coffee.example/p.webp" })]);
    const viaTokens = renderer.renderPrepared(view);
    const strip = (html: string) => html.replaceAll("<!-- -->", "");
    expect(strip(viaTokens.html)).toBe(strip(viaTemplate.html));
    expect(viaTokens.text).toBe(viaTemplate.text);
  });

  it("fills in each reader's proposed times as React renders them, a layout per number of times", async () => {
    const content = announcementContent(config.appUrl, "2027-03");
    const template = (view: RecipientView) =>
      createElement(AnnouncementEmail, { content, ...view });
    const timesOf = (n: number, zone: string): RecipientView["times"] => ({
      zone,
      times: Array.from({ length: n }, (_, i) => ({
        start: `2027-03-0${i + 2}T14:00:00.000Z`,
        label: `Day ${i + 2}, 15:00`,
        url: `https://coffee.example/book-time?token=b${n}.x&start=2027-03-0${i + 2}`,
      })),
    });
    const renderer = createRenderer(template);
    const ada = { ...pairView(1), times: timesOf(3, "Europe/Berlin") };
    const bob = { ...pairView(2), times: timesOf(2, "America/New_York") };
    await renderer.prepare([ada, bob, pairView(3)]);
    expect(renderer.variantCount()).toBe(3);
    const strip = (html: string) => html.replaceAll("<!-- -->", "");
    for (const view of [ada, bob]) {
      const viaTokens = renderer.renderPrepared(view);
      const viaReact = await renderEmail(template(view));
      expect(strip(viaTokens.html)).toBe(strip(viaReact.html));
      expect(viaTokens.text).toBe(viaReact.text);
    }
    expect(renderer.renderPrepared(ada).text).toMatch(
      /^Day 4, 15:00 <https:\/\/coffee\.example\/book-time\?token=b3\.x&start=2027-03-04>$/m,
    );
    expect(renderer.renderPrepared(ada).text).toContain(
      "in your time zone, Central European Time (Europe/Berlin):",
    );
    expect(renderer.renderPrepared(pairView(3)).text).not.toContain("book-time");
  });

  it("escapes every filled-in value in the HTML part", async () => {
    const hostile = `<script>alert("x")</script>'&`;
    const renderer = createNewsletterRenderer(config, row);
    const mail = await renderer.render({
      greetingName: hostile,
      match: {
        kind: "partners",
        partners: [
          partner(1, {
            name: hostile,
            bio: hostile,
            department: hostile,
            photoUrl: `x" onerror="alert(1)`,
          }),
        ],
        starter: hostile,
      },
      unsubscribeUrl: `javascript:alert(1)" x="`,
      news: null,
    });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain('" onerror="');
    expect(mail.html).not.toContain('alert(1)" x="');
    expect(mail.html.split(escapeHtml(hostile)).length - 1).toBeGreaterThanOrEqual(5);
    expect(mail.text).toContain(`Hi ${hostile},`);
  });

  it("makes image paths absolute on APP_URL", async () => {
    const renderer = createNewsletterRenderer(config, {
      ...row,
      moodImageUrl: "/admin-images/mood.png",
      newsletterImageUrl: "javascript:alert(1)",
    });
    const mail = await renderer.render(pairView(1));
    expect(mail.html).toContain('src="https://coffee.example/admin-images/mood.png"');
    expect(mail.html).not.toContain("javascript:");
  });

  it("fills the short announcement's news and partner the same way, escaped", async () => {
    const content = announcementContent(config.appUrl, "2027-03");
    const renderer = createRenderer((view) =>
      createElement(AnnouncementEmail, { content, ...view }),
    );
    const hostile = `<script>alert("x")</script>`;
    const mail = await renderer.render({ ...pairView(1, { bio: hostile }), news: hostile });
    expect(mail.html).toContain("Your coffee chat match for March 2027");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html.split(escapeHtml(hostile)).length - 1).toBe(2);
    expect(mail.text).toContain("Partner 1");
    expect(mail.text).toContain("Schedule your coffee chat <https://coffee.example/matches>");
    expect(mail.text).toContain("unsubscribe here <https://coffee.example/unsubscribe?token=t1>.");
  });
});
