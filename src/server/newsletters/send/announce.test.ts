import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { outgoingMessages } from "../../db/schema";
import { createSendableNewsletter } from "../../test/factories";
import { setUpAppWithSmtpPeer } from "../../test/smtp-app";
import type { TestApp } from "../../test/test-app";
import { announceWithNewsletter } from "./announce";
import { newsletterMessageKey } from "./newsletter-message";

const NOW = new Date("2027-03-10T09:00:00Z");

describe("announcing a pairing's matches with a newsletter", () => {
  let t: TestApp;
  setUpAppWithSmtpPeer({ clock: fixedClock(NOW) }, (app) => ({ t } = app));

  it("starts the newsletter's send: one outbox message per recipient", async () => {
    const { newsletter, pairing } = await createSendableNewsletter(t.db, { people: 2 });
    const announced = await announceWithNewsletter(
      t.ctx,
      `current-pairing-${pairing.id}`,
      newsletter.id,
    );
    expect(announced).toEqual({ queued: 2 });
    const rows = await t.db
      .select()
      .from(outgoingMessages)
      .where(
        and(
          eq(outgoingMessages.kind, "newsletter"),
          eq(outgoingMessages.onceKey, newsletterMessageKey(newsletter.id)),
        ),
      );
    expect(rows).toHaveLength(2);
  });

  it("refuses a newsletter that announces another pairing", async () => {
    const { newsletter } = await createSendableNewsletter(t.db, { people: 2 });
    const other = await createSendableNewsletter(t.db, { people: 2 });
    await expect(
      announceWithNewsletter(t.ctx, `current-pairing-${other.pairing.id}`, newsletter.id),
    ).rejects.toThrow("This newsletter announces another pairing.");
  });
});
