import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ChatTimeFields, chosenStart, InvitationLinks, sentForText } from "./schedule-chat-dialog";

const noop = () => {};

describe("the Schedule Coffee Chat dialog's zone", () => {
  it("names the reader's zone beside the Day and Time fields, as the match page does", () => {
    const html = renderToStaticMarkup(
      <ChatTimeFields
        id="f"
        zone="Asia/Kolkata"
        date="2026-11-30"
        time="10:00"
        error={undefined}
        onDate={noop}
        onTime={noop}
      />,
    );
    expect(html).toContain('<p id="f-zone" class="text-sm text-muted-foreground">');
    expect(html).toContain("Day and time in your time zone, India Standard Time (Asia/Kolkata).");
    expect(html.match(/aria-describedby="f-zone"/g)).toHaveLength(2);
  });

  it("reads the fields in the zone it names, not the browser's", () => {
    expect(chosenStart("2026-11-30", "10:00", "Asia/Kolkata")?.toISOString()).toBe(
      "2026-11-30T04:30:00.000Z",
    );
    expect(chosenStart("2026-11-30", "10:00", "America/New_York")?.toISOString()).toBe(
      "2026-11-30T15:00:00.000Z",
    );
    expect(chosenStart("2026-11-30", "", "Europe/Berlin")).toBeNull();
  });

  it("says the time sent with the zone named", () => {
    const start = new Date("2026-11-30T09:00:00.000Z");
    expect(sentForText(start, "Europe/Berlin")).toBe(
      "Sent for Mon, Nov 30, 10:00 Central European Time (Europe/Berlin).",
    );
    const html = renderToStaticMarkup(
      <InvitationLinks
        ics="/api/matches/1/invitation.ics"
        event={{ title: "Coffee", details: "", start, end: new Date(start.getTime() + 1_800_000) }}
        zone="America/New_York"
        onDownload={noop}
      />,
    );
    expect(html).toContain("Sent for Mon, Nov 30, 04:00 Eastern Time (America/New York).");
  });
});
