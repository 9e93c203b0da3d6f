import type { EmailLog } from "@shared/newsletters";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Overview } from "./email-log-details";

const log: EmailLog = {
  id: 7,
  newsletter_id: 7,
  newsletter_title: "Cup of Joe - November 2026",
  month: 11,
  year: 2026,
  sent_at: "2026-11-02T09:00:00.000Z",
  pairing_file: "current-pairing-3",
  pairing_display: "November 2026 – Acme Corp",
  archive_filename: "newsletter-2026-11-7.json",
  domain_group_id: null,
  domain_group_name: null,
  total_recipients: 2,
  successful_sends: 2,
  failed_sends: 0,
  match_validation_summary: { total_matches: 1, validated_matches: 1, mismatches: 0 },
  is_archived: false,
  archived_at: null,
};

describe("a send log's Overview", () => {
  it("names the pairing as people read it and never the archive's internal file name", () => {
    const html = renderToStaticMarkup(
      <QueryClientProvider client={new QueryClient()}>
        <Overview log={log} />
      </QueryClientProvider>,
    );
    expect(html).toContain("November 2026 – Acme Corp");
    expect(html).not.toContain("newsletter-2026-11-7.json");
    expect(html).not.toContain(">Archive<");
  });
});
