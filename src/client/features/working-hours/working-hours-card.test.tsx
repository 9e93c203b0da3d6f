import type { MyWorkingHours } from "@shared/working-hours";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CompanyTimeZoneSetting } from "../admin/rounds/company-time-zone-setting";
import { HoursForm } from "./working-hours-card";

const week = [1, 2, 3, 4, 5].map((day) => ({ day, start: "09:00", end: "17:00" }));
/** A new hire: no zone of their own, the company's default Europe/Berlin. */
const newHire: MyWorkingHours = {
  timeZone: "Europe/Berlin",
  workingHours: week,
  ownTimeZone: false,
  ownHours: false,
  timeZoneConfirmed: false,
  companyTimeZone: "Europe/Berlin",
  companyWorkingHours: week,
};

const withClient = (node: React.ReactNode) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>,
  );
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
/** The first-time question's heading, as the page reads it. */
const question = (html: string) =>
  text(html.match(/<h3 id="time-zone-prompt"[^>]*>(.*?)<\/h3>/)?.[1] ?? "").trim();
/** The zone list (the select offering UTC), not the working hours' time lists. */
const zoneList = (html: string) =>
  [...html.matchAll(/<select[^>]*>(.*?)<\/select>/g)].find(([, options]) =>
    options.includes('value="UTC"'),
  )?.[1] ?? "";
/** The chosen option of the zone list: its value and its text. */
const chosenZone = (html: string) => {
  const [, value, label] =
    zoneList(html).match(/<option value="([^"]*)" selected="">([^<]*)</) ?? [];
  return { value, label };
};

describe("the first-time zone question (docs/profile.md)", () => {
  it("asks about the zone the list shows, the browser's, not the company's default", () => {
    const html = withClient(<HoursForm data={newHire} browserZone="UTC" />);
    expect(question(html)).toBe("Is your time zone UTC?");
    expect(text(html)).toContain("Your browser says so.");
    expect(chosenZone(html)).toEqual({ value: "UTC", label: "UTC" });
  });

  it("asks about the company's zone for the person, by its current name, whatever the browser says", () => {
    const html = withClient(
      <HoursForm
        data={{ ...newHire, timeZone: "Asia/Calcutta", ownTimeZone: true }}
        browserZone="UTC"
      />,
    );
    expect(question(html)).toBe("Is your time zone India Standard Time (Asia/Kolkata)?");
    expect(text(html)).toContain("Your company's records say so.");
    expect(chosenZone(html)).toEqual({
      value: "Asia/Kolkata",
      label: "India Standard Time (Asia/Kolkata)",
    });
  });

  it("is gone once the zone is confirmed, and the list shows the saved zone", () => {
    const html = withClient(
      <HoursForm data={{ ...newHire, timeZoneConfirmed: true }} browserZone="UTC" />,
    );
    expect(question(html)).toBe("");
    expect(chosenZone(html).value).toBe("Europe/Berlin");
  });
});

describe("the zone lists, the person's and the company's", () => {
  it("name every zone as the rest of the app does, never by a raw identifier", () => {
    for (const html of [
      withClient(<HoursForm data={newHire} browserZone="Asia/Calcutta" />),
      withClient(<CompanyTimeZoneSetting timeZone="Europe/Berlin" />),
    ]) {
      const labels = [...zoneList(html).matchAll(/<option value="([^"]*)"[^>]*>([^<]*)</g)];
      expect(labels.length).toBeGreaterThan(300);
      expect(new Set(labels.map(([, value]) => value)).size).toBe(labels.length);
      for (const [, value, label] of labels) {
        expect(label, value).toMatch(/^UTC$|^[^(]+ \([A-Za-z]+\/[^_]+\)$|^[A-Za-z]+\/[^_]+$/);
      }
      const names = labels.map(([, , label]) => label);
      expect(names).toContain("India Standard Time (Asia/Kolkata)");
      expect(names.filter((name) => /Calcutta|America\/Buenos Aires/.test(name))).toEqual([]);
    }
  });

  it("lets the company's zone be chosen from the picker, not typed", () => {
    const html = withClient(<CompanyTimeZoneSetting timeZone="Europe/Berlin" />);
    expect(text(html)).toContain("Search time zones");
    expect(text(html)).toContain("Company time zone");
    expect(chosenZone(html)).toEqual({
      value: "Europe/Berlin",
      label: "Central European Time (Europe/Berlin)",
    });
  });
});
