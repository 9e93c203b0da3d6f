import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { activePairingFile } from "../../../shared/pairing-file-names";
import { fixedClock } from "../../clock";
import { users } from "../../db/schema";
import { reencodeKeepingFormat } from "../../images/process-image";
import { storeImage } from "../../images/store-image";
import {
  createMatch,
  createNewsletter,
  createRunningCompany,
  createUser,
  signIn,
} from "../../test/factories";
import { setUpAppWithSmtpPeer } from "../../test/smtp-app";
import type { SmtpPeer } from "../../test/smtp-peer";
import { TEST_APP_URL, type TestApp } from "../../test/test-app";
import { defaultNewsletter } from "../newsletter-defaults";
import { compose } from "./composer";

const NOW = new Date("2027-03-10T09:00:00Z");
const HOSTILE = `"><img src=x onerror=alert(1)><script>alert('x')</script> & co`;

let t: TestApp;
let peer: SmtpPeer;
let seq = 0;

setUpAppWithSmtpPeer({ clock: fixedClock(NOW) }, (app) => ({ t, peer } = app));

async function newsletterFor(
  pairingId: number,
  fields: Parameters<typeof createNewsletter>[1] = {},
) {
  const year = 2000 + ++seq;
  return createNewsletter(t.db, {
    ...defaultNewsletter(3, year),
    subject: "Cup of Joe - March 2027 Newsletter",
    pairingFile: activePairingFile(pairingId),
    coffeeChatStarters: JSON.stringify(["What is your favourite mug?"]),
    ...fields,
  });
}

async function deliver(message: Awaited<ReturnType<typeof prepare>>["messages"][number]) {
  await t.ctx.mailer.send({ kind: "newsletter", ...message });
  return peer.waitForMessage((m) => m.to.includes(message.to) && m.subject === message.subject);
}

async function prepare(newsletterId: number) {
  const composition = await compose(t.ctx, { newsletter: newsletterId });
  await composition.prepare();
  const { recipients } = composition;
  return { recipients, messages: recipients.map((r) => composition.messageFor(r)) };
}

describe("the newsletter e-mail of each recipient", () => {
  it("goes to every member of the linked pairing and to whoever sat out, and to no one else", async () => {
    const { pairing, person } = await createRunningCompany(t.db);
    const [ada, ben, cy, di, ed, fay] = await Promise.all(
      ["Ada", "Ben", "Cy", "Di", "Ed", "Fay"].map((name) => person(name)),
    );
    const optedOut = await person("Gus");
    const deactivated = await person("Hal");
    const sitter = await person("Ivy");
    await person("Jo", { participationStatus: "paused", pauseEndDate: "2027-05-01" });
    await createMatch(t.db, { members: [ada, ben], pairing });
    await createMatch(t.db, { members: [cy, di, ed], pairing });
    await createMatch(t.db, { members: [fay, optedOut], pairing });
    await createMatch(t.db, { members: [deactivated, sitter], pairing });
    await t.db
      .update(users)
      .set({ participationStatus: "opted_out" })
      .where(eq(users.id, optedOut.id));
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, deactivated.id));
    const outsider = await createUser(t.db, { email: "zed@elsewhere.test" });
    await createMatch(t.db, { members: [outsider, await person("Kim")], pairing });
    const late = await person("Lu");

    const newsletter = await newsletterFor(pairing.id);
    const { recipients, messages } = await prepare(newsletter.id);
    const emails = recipients.map((r) => r.email).sort();
    expect(emails).toEqual(
      [ada, ben, cy, di, ed, fay, sitter, late]
        .map((u) => u.email)
        .concat(`kim@${ada.email.split("@")[1]}`)
        .sort(),
    );
    expect(emails).not.toContain(optedOut.email);
    expect(emails).not.toContain(deactivated.email);
    expect(emails).not.toContain(outsider.email);

    const matchEmail = (u: { id: string }) => recipients.find((r) => r.userId === u.id)?.matchEmail;
    expect(matchEmail(cy)).toBe(`${di.email}, ${ed.email}`);
    expect(matchEmail(sitter)).toBeNull();
    const fayMail = messages.find((m) => m.to === fay.email);
    expect(fayMail?.text).toContain("Gus Test");
    // The deactivated member is nobody's partner any more: Ivy reads the sat-out note.
    const ivyMail = messages.find((m) => m.to === sitter.email);
    expect(ivyMail?.text).toContain("There was no match for you this month");
    // One note for every reason someone sits out, so it names no single one as theirs.
    expect(ivyMail?.text).toContain("shared working hours and recent chats");
    expect(ivyMail?.text).not.toContain("already had a partner");
    expect(ivyMail?.text).not.toContain("Hal Test");
  });

  it("shows the partner's name, department, e-mail, bio, photo and one conversation starter", async () => {
    const { pairing, person } = await createRunningCompany(t.db);
    const ada = await person("Ada", {
      bio: "Loves espresso.",
      department: "engineering",
      profileImageUrl: "/uploads/0123456789abcdef0123456789abcdef.webp",
    });
    const ben = await person("Ben");
    await createMatch(t.db, { members: [ada, ben], pairing });
    const newsletter = await newsletterFor(pairing.id, {
      moodImageUrl: "/admin-images/mood.png",
      moodDescription: "Cosy",
    });
    const { messages } = await prepare(newsletter.id);
    const received = await deliver(messages.find((m) => m.to === ben.email)!);

    expect(received.subject).toBe("Cup of Joe - March 2027 Newsletter");
    expect(received.text).toContain("Hi Ben,");
    expect(received.text).toContain("Ada Test");
    expect(received.text).toContain("Loves espresso.");
    expect(received.text).toContain(ada.email);
    expect(received.text).toContain("What is your favourite mug?");
    expect(received.html).toContain(
      `src="${TEST_APP_URL}/uploads/0123456789abcdef0123456789abcdef.webp?format=jpeg"`,
    );
    expect(received.html).toContain(`src="${TEST_APP_URL}/admin-images/mood.png"`);
    expect(received.html).toContain(`href="${TEST_APP_URL}/matches"`);
    expect(received.html).toContain("max-width:600px");
    for (const section of [
      "This Month&#x27;s Mood",
      "Quote to Sip On",
      "Your Match",
      "Monthly Brain Buzzer",
      "Making Coffee Chats Count",
      "Pro Tips",
    ]) {
      expect(received.html).toContain(section);
    }
  });

  it("links a partner's WebP photo and a WebP gallery image as JPEGs that every mail client shows", async () => {
    const { pairing, person } = await createRunningCompany(t.db);
    const ada = await person("Ada");
    const ben = await person("Ben");
    const photo = new FormData();
    const webp = await sharp({
      create: { width: 600, height: 600, channels: 4, background: "#c0ffee80" },
    })
      .webp()
      .toBuffer();
    photo.append(
      "profileImage",
      new Blob([new Uint8Array(webp)], { type: "image/webp" }),
      "me.webp",
    );
    const uploaded = await t.app.inject({
      method: "POST",
      url: "/api/upload-profile-image",
      headers: { cookie: await signIn(t.db, ada, { now: NOW }), origin: TEST_APP_URL },
      payload: photo,
    });
    expect(uploaded.json().imageUrl).toMatch(/\.webp$/);
    const gallery = await storeImage(t.ctx, await reencodeKeepingFormat(webp), {
      purpose: "gallery",
      filename: `mood-${++seq}.webp`,
    });
    await createMatch(t.db, { members: [ada, ben], pairing });
    const newsletter = await newsletterFor(pairing.id, {
      moodImageUrl: `/admin-images/${gallery.filename}`,
      moodDescription: "Cosy",
    });
    const { messages } = await prepare(newsletter.id);
    const received = await deliver(messages.find((m) => m.to === ben.email)!);

    const sources = [...received.html.matchAll(/<img[^>]* src="([^"]+)"/g)].map((m) => m[1]);
    expect(sources).toHaveLength(2);
    for (const source of sources) {
      const res = await t.app.inject({ method: "GET", url: source.slice(TEST_APP_URL.length) });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/jpeg");
      expect((await sharp(res.rawPayload).metadata()).format).toBe("jpeg");
    }
  });

  it("escapes names, bios and admin text in the HTML part and keeps them readable in the text part", async () => {
    const { pairing, person } = await createRunningCompany(t.db);
    const ada = await person("Ada", { lastName: HOSTILE, bio: HOSTILE });
    const ben = await person("Ben");
    await createMatch(t.db, { members: [ada, ben], pairing });
    const newsletter = await newsletterFor(pairing.id, {
      quoteText: HOSTILE,
      coffeeChatStarters: JSON.stringify([HOSTILE]),
    });
    const { messages } = await prepare(newsletter.id);
    const received = await deliver(messages.find((m) => m.to === ben.email)!);

    expect(received.html).not.toContain("<script>");
    expect(received.html).not.toContain("<img src=x");
    expect(received.html).toContain("&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt; &amp; co");
    expect(received.text).toContain(`Ada ${HOSTILE}`);
    expect(received.text).toContain(`Conversation starter: ${HOSTILE}`);
  });

  it("names both partners in a trio", async () => {
    const { pairing, person } = await createRunningCompany(t.db);
    const [ada, ben, cy] = await Promise.all(["Ada", "Ben", "Cy"].map((n) => person(n)));
    await createMatch(t.db, { members: [ada, ben, cy], pairing });
    const { messages } = await prepare((await newsletterFor(pairing.id)).id);
    const received = await deliver(messages.find((m) => m.to === cy.email)!);
    expect(received.text).toContain("This month you are a trio!");
    expect(received.text).toContain("Ada Test");
    expect(received.text).toContain("Ben Test");
    expect(received.text).not.toContain("Cy Test");
  });

  it("names every partner in a match of four", async () => {
    const { pairing, matchOfFour } = await createRunningCompany(t.db);
    const { four } = await matchOfFour();
    const { messages } = await prepare((await newsletterFor(pairing.id)).id);
    const received = await deliver(messages.find((m) => m.to === four[3].email)!);
    expect(received.text).toContain("This month you are a group of four!");
    for (const name of ["Ana Test", "Bo Test", "Cai Test"]) expect(received.text).toContain(name);
    expect(received.text).not.toContain("Dov Test");
  });

  it("gives someone who sat out a kind note instead of a match", async () => {
    const { pairing, person } = await createRunningCompany(t.db);
    const [ada, ben] = await Promise.all(["Ada", "Ben"].map((n) => person(n)));
    const odd = await person("Odd");
    await createMatch(t.db, { members: [ada, ben], pairing });
    const { messages } = await prepare((await newsletterFor(pairing.id)).id);
    const received = await deliver(messages.find((m) => m.to === odd.email)!);
    expect(received.text).toContain("There was no match for you this month");
    expect(received.text).toContain("Hi Odd,");
    expect(received.text).not.toContain("Conversation starter");
  });

  it("promises a match in the announcement's subject only to whom it has one", async () => {
    const { pairing, person } = await createRunningCompany(t.db);
    const [ada, ben, odd] = await Promise.all(["Ada", "Ben", "Odd"].map((n) => person(n)));
    await createMatch(t.db, { members: [ada, ben], pairing });
    const composition = await compose(t.ctx, { pairingFile: activePairingFile(pairing.id) });
    await composition.prepare();
    const subjectOf = (email: string) => {
      const recipient = composition.recipients.find((r) => r.email === email);
      return recipient && composition.messageFor(recipient).subject;
    };
    expect(subjectOf(ada.email)).toBe("Your Cup of Joe match for March 2027");
    expect(subjectOf(odd.email)).toBe("Cup of Joe for March 2027: no match for you this time");
  });

  it("carries one-click unsubscribe headers with a link on APP_URL for that person", async () => {
    const { pairing, person } = await createRunningCompany(t.db);
    const [ada, ben] = await Promise.all(["Ada", "Ben"].map((n) => person(n)));
    await createMatch(t.db, { members: [ada, ben], pairing });
    const { messages } = await prepare((await newsletterFor(pairing.id)).id);
    const received = await deliver(messages.find((m) => m.to === ada.email)!);
    const header = (name: string) =>
      received.parsed.headers.find((h) => h.key === name.toLowerCase())?.value;
    const link = header("List-Unsubscribe");
    expect(link).toMatch(
      new RegExp(
        `^<${TEST_APP_URL.replaceAll(".", "\\.")}/unsubscribe\\?token=${ada.id}\\.[0-9a-f]{32}>$`,
      ),
    );
    expect(header("List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(received.html).toContain(link?.slice(1, -1));
    const bens = messages.find((m) => m.to === ben.email)?.headers["List-Unsubscribe"];
    expect(bens).not.toBe(link);
  });

  it("refuses a newsletter without a linked pairing with the message the editor shows", async () => {
    const newsletter = await createNewsletter(t.db, { year: 2100 + ++seq });
    await expect(prepare(newsletter.id)).rejects.toThrow(
      "Please link a pairing group to this newsletter before sending.",
    );
  });
});
