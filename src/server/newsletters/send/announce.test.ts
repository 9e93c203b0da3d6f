import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { newsletterDeliveries, users } from "../../db/schema";
import { createSendableNewsletter } from "../../test/factories";
import { setUpAppWithSmtpPeer } from "../../test/smtp-app";
import type { SmtpPeer } from "../../test/smtp-peer";
import { TEST_APP_URL, type TestApp } from "../../test/test-app";
import { announcePairing } from "./announce";

const NOW = new Date("2027-03-10T09:00:00Z");

describe("announcing a pairing's matches", () => {
  let t: TestApp;
  let peer: SmtpPeer;
  const errors: string[] = [];
  const log = { error: (_: unknown, message: string) => void errors.push(message) };

  setUpAppWithSmtpPeer({ clock: fixedClock(NOW) }, (app) => ({ t, peer } = app));

  it("sends each member the short announcement of their match, without a newsletter", async () => {
    const { pairing, members } = await createSendableNewsletter(t.db, { people: 4 });
    const [ada, ben, cy, di] = members;
    await t.db
      .update(users)
      .set({ bio: "Flat white, <b>no</b> sugar." })
      .where(eq(users.id, ben.id));
    await t.db.update(users).set({ participationStatus: "opted_out" }).where(eq(users.id, di.id));

    const announced = await announcePairing(t.ctx, `current-pairing-${pairing.id}`, { log });

    expect(announced).toEqual({ via: "announcement", sent: 3, failed: 0 });
    const toAda = await peer.waitForMessage((m) => m.to.includes(ada.email));
    expect(toAda.subject).toBe("Your Cup of Joe match for March 2027");
    expect(toAda.text).toContain(ben.email);
    expect(toAda.text).toContain("Flat white, <b>no</b> sugar.");
    expect(toAda.html).not.toContain("<b>no</b>");
    expect(toAda.text).toContain(`Schedule your coffee chat <${TEST_APP_URL}/matches>`);
    const unsubscribe = toAda.parsed.headers.find((h) => h.key === "list-unsubscribe")?.value;
    expect(unsubscribe).toContain(`${TEST_APP_URL}/unsubscribe?token=${ada.id}.`);
    await peer.waitForMessage((m) => m.to.includes(cy.email));
    expect(peer.messages.some((m) => m.to.includes(di.email))).toBe(false);
    expect(errors).toEqual([]);
  });

  it("starts the newsletter's send through the ledger when one is given", async () => {
    const { newsletter, pairing } = await createSendableNewsletter(t.db, { people: 2 });
    const announced = await announcePairing(t.ctx, `current-pairing-${pairing.id}`, {
      newsletterId: newsletter.id,
      log,
    });
    expect(announced).toEqual({ via: "newsletter", queued: 2 });
    const rows = await t.db
      .select()
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.newsletterId, newsletter.id));
    expect(rows).toHaveLength(2);
  });

  it("refuses a newsletter that announces another pairing", async () => {
    const { newsletter } = await createSendableNewsletter(t.db, { people: 2 });
    const other = await createSendableNewsletter(t.db, { people: 2 });
    await expect(
      announcePairing(t.ctx, `current-pairing-${other.pairing.id}`, {
        newsletterId: newsletter.id,
        log,
      }),
    ).rejects.toThrow("This newsletter announces another pairing.");
  });
});
