import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderEmail } from "../../mail/render-email";
import { createAdmin } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import type { TemplateMessage } from "../message-kind";
import { roundDraftNotice } from "./round-draft-notice";

// docs/rounds.md: each admin reads when the draft is published in their own zone, named.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const data = {
  draftId: 1,
  scope: "All Users",
  month: "March 2027",
  pairs: 4,
  unmatched: 0,
  publishAt: "Monday, March 1, 2027 at 10:00 Central European Time (Europe/Berlin)",
  publishInstant: "2027-03-01T09:00:00.000Z",
};

async function textFor(email: string): Promise<string> {
  const message = (await roundDraftNotice.render(t.ctx, data, email)) as TemplateMessage;
  return (await renderEmail(message.template)).text;
}

describe("the draft notice", () => {
  it("states the publishing time in each admin's own zone, the company's for one without", async () => {
    const tokyo = await createAdmin(t.db, { email: "kei@draft.test", timeZone: "Asia/Tokyo" });
    const york = await createAdmin(t.db, { email: "nia@draft.test", timeZone: "America/New_York" });
    const none = await createAdmin(t.db, { email: "ben@draft.test", timeZone: null });
    expect(await textFor(tokyo.email)).toContain(
      "Monday, March 1, 2027 at 18:00 Japan Standard Time (Asia/Tokyo)",
    );
    expect(await textFor(york.email.toUpperCase())).toContain(
      "Monday, March 1, 2027 at 04:00 Eastern Time (America/New York)",
    );
    expect(await textFor(none.email)).toContain("Monday, March 1, 2027 at 09:00 UTC");
  });
});
