import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EmailAddress } from "../../../components/ui/email-address";
import { MatchRow } from "./match-row";
import type { PairingRow } from "./pairing-rows";
import { PairingsTable } from "./pairings-table";

const person = (name: string): PairingRow["people"][number] => ({
  name,
  email: `${name.toLowerCase()}.quadrangle-oberhausen@four-continents.test`,
  department: "Engineering",
  answer: "pending",
});

const row = (id: number, names: string[]): PairingRow => ({
  id,
  pairing: "March 2027 (run B) – All Users",
  month: "March 2027",
  group: "All Users",
  status: "active",
  happened: false,
  people: names.map(person),
});

describe("the admin's current pairings table", () => {
  it("gives a match of four four person columns and shows every member", () => {
    const html = renderToStaticMarkup(
      <PairingsTable rows={[row(1, ["Ann", "Bea", "Cal", "Dan"]), row(2, ["Eve", "Fay"])]} />,
    );
    expect(html.match(/<th scope="col"[^>]*>Person \d<\/th>/g)).toEqual([
      expect.stringContaining("Person 1"),
      expect.stringContaining("Person 2"),
      expect.stringContaining("Person 3"),
      expect.stringContaining("Person 4"),
    ]);
    // Each address wraps as every address does (EmailAddress): never at a hyphen.
    for (const name of ["Ann", "Bea", "Cal", "Dan", "Eve", "Fay"]) {
      expect(html).toContain(renderToStaticMarkup(<EmailAddress email={person(name).email} />));
    }
  });

  it("names each row's pairing as every list does, its run included", () => {
    const html = renderToStaticMarkup(<PairingsTable rows={[row(1, ["Ann", "Bea"])]} />);
    expect(html).toContain('data-label="Pairing"');
    expect(html).toContain("March 2027 (run B) – All Users");
  });

  it("keeps two person columns when every match is a pair", () => {
    const html = renderToStaticMarkup(<PairingsTable rows={[row(1, ["Ann", "Bea"])]} />);
    expect(html).toContain("Person 2");
    expect(html).not.toContain("Person 3");
  });

  it("wraps a preview's addresses the same way, inside their brackets", () => {
    const { email } = person("Ann");
    const html = renderToStaticMarkup(
      <MatchRow people={[{ name: "Ann", email }]} status="active" />,
    );
    expect(html).toContain(`(${renderToStaticMarkup(<EmailAddress email={email} />)})`);
  });
});
