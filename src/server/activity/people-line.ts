import { isErasedAddress } from "../../shared/former-colleague";
import { joinNames } from "../../shared/matches";
import { type NamedRow, personName } from "../../shared/person-name";

/** A person named in an activity line: their id, and their name as the line shows it. */
export interface NamedPerson {
  id: string;
  name: string;
}

/**
 * A person as an activity line names them: `personName`, but the whole address for someone without
 * a name, since the log is where an admin finds out exactly who it was.
 */
export const namedPerson = (person: NamedRow & { id: string }): NamedPerson => ({
  id: person.id,
  name: hasName(person) || isErasedAddress(person.email) ? personName(person) : person.email,
});

const hasName = (person: NamedRow) => Boolean(person.firstName?.trim() || person.lastName?.trim());

/** An activity line that names people, kept with how it was written so it can be re-rendered. */
export interface PeopleLine {
  detail: string;
  /** Stored in `activities.data.line`: the text with `{{id}}` (or `{{id|id}}`) where names go. */
  line: { text: string; names: Record<string, string> };
}

type Part = string | number | NamedPerson | readonly NamedPerson[];

const TOKEN = /\{\{([0-9a-f-]+(?:\|[0-9a-f-]+)*)\}\}/g;

/**
 * Writes an activity line that names people: `peopleLine\`${ada} said ${bob} is away\``. The
 * line is shown as written, and kept beside it with ids where the names go, so an erasure
 * re-renders the lines naming the erased person from their id (docs/privacy.md) and never
 * searches texts for a name.
 */
export function peopleLine(strings: TemplateStringsArray, ...parts: Part[]): PeopleLine {
  const names: Record<string, string> = {};
  let text = strings[0];
  parts.forEach((part, i) => {
    if (typeof part === "string" || typeof part === "number") text += String(part);
    else {
      const people = "id" in part ? [part as NamedPerson] : (part as readonly NamedPerson[]);
      for (const person of people) names[person.id] = person.name;
      text += `{{${people.map((p) => p.id).join("|")}}}`;
    }
    text += strings[i + 1];
  });
  return { detail: renderPeopleLine(text, names), line: { text, names } };
}

/** The line's text with each `{{id}}` replaced by that person's name. */
export function renderPeopleLine(text: string, names: Record<string, string>): string {
  return text.replace(TOKEN, (_, ids: string) =>
    joinNames(ids.split("|").map((id) => names[id] ?? "")),
  );
}
