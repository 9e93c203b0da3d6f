import { defaultRoundSettings } from "@shared/rounds";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RoundSettingsForm } from "./round-settings-form";

describe("a scope's round settings", () => {
  it("says what the company's schedule is in the Pairing day choice", () => {
    const html = renderToStaticMarkup(
      <QueryClientProvider client={new QueryClient()}>
        <RoundSettingsForm
          scopeKey="all"
          label="All Users"
          settings={{ ...defaultRoundSettings, schedule: null }}
          companySchedule={{ type: "nth-weekday", nth: 2, weekday: 3 }}
        />
      </QueryClientProvider>,
    );
    expect(html.replace(/&#x27;/g, "'")).toContain(
      "The company's schedule (the second Wednesday of the month)",
    );
  });
});
