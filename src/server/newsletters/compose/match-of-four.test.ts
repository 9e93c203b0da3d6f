import { describe, expect, it } from "vitest";
import { activePairingFile } from "../../../shared/pairing-file-names";
import { fixedClock } from "../../clock";
import { createAdmin, createNewsletter, createRunningCompany } from "../../test/factories";
import { setUpAppWithSmtpPeer } from "../../test/smtp-app";
import type { SmtpPeer } from "../../test/smtp-peer";
import type { TestApp } from "../../test/test-app";
import { defaultNewsletter } from "../newsletter-defaults";
import { compose } from "./composer";

const NOW = new Date("2027-03-10T09:00:00Z");
const NAMES = ["Ana", "Bo", "Cai", "Dov"] as const;
let t: TestApp;
let peer: SmtpPeer;
let n = 0;

setUpAppWithSmtpPeer({ clock: fixedClock(NOW) }, (app) => ({ t, peer } = app));

/** A company whose running pairing is one match of four; a newsletter linked to it. */
async function newsletterForFour() {
  const company = await createRunningCompany(t.db, { name: "Fours" });
  const { pairing } = company;
  const { four } = await company.matchOfFour(NAMES);
  const newsletter = await createNewsletter(t.db, {
    ...defaultNewsletter(3, 2026 + ++n),
    pairingFile: activePairingFile(pairing.id),
  });
  return { four, newsletter, pairingFile: activePairingFile(pairing.id) };
}

describe("the newsletter for a match of four", () => {
  it("writes to each of the four, naming the other three and logging their addresses", async () => {
    const { four, newsletter } = await newsletterForFour();
    const composition = await compose(t.ctx, { newsletter: newsletter.id });
    await composition.prepare();
    expect(composition.recipients.map((r) => r.email).sort()).toEqual(
      four.map((p) => p.email).sort(),
    );
    for (const [i, me] of four.entries()) {
      const others = four.filter((p) => p !== me);
      const recipient = composition.recipients.find((r) => r.userId === me.id);
      expect(recipient?.matchEmail).toBe(others.map((p) => p.email).join(", "));
      const message = composition.messageFor(recipient!);
      await t.ctx.mailer.send({ kind: "newsletter", ...message });
      const received = await peer.waitForMessage((m) => m.to.includes(me.email));
      expect(received.text).toContain("This month you are a group of four!");
      expect(received.text).toContain(`Hi ${NAMES[i]},`);
      for (const other of others) {
        expect(received.text).toContain(`${other.firstName} Test`);
        expect(received.text).toContain(other.email);
      }
      expect(received.text).not.toContain(`${NAMES[i]} Test`);
    }
  });

  it("previews each member's e-mail with three partners and validates four people as matched", async () => {
    const { four, newsletter, pairingFile } = await newsletterForFour();
    const admin = t.as(await createAdmin(t.db));
    const preview = await admin.post(`/api/admin/newsletters/${newsletter.id}/preview-email`, {
      recipientEmail: four[2].email,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().matchInfo.partners.map((p: { name: string }) => p.name)).toEqual([
      "Ana Test",
      "Bo Test",
      "Dov Test",
    ]);
    expect(preview.json().personalizedHtml).toContain("Dov Test");

    const validation = await admin.post(`/api/admin/newsletters/${newsletter.id}/validate`, {
      pairingFile,
    });
    expect(validation.statusCode).toBe(200);
    expect(validation.json().details).toMatchObject({
      totalUsers: 4,
      usersWithMatches: 4,
      usersWithoutMatches: 0,
      invalidMatches: 0,
    });
  });
});
