import { zoneNameForPeople } from "@shared/zone-names";
import { Button } from "../../components/ui/button";

/** Where the zone asked about came from, as the question says it. */
const SOURCE_TEXT = {
  company: "Your company's records say so.",
  browser: "Your browser says so.",
  chosen: "You chose it in the list below.",
} as const;

/**
 * The first sign-in's question (docs/profile.md): the zone the company gave (its directory or HR
 * import), else the browser's, offered for one press; "Choose another" leads to the picker, and
 * the question then asks about the zone chosen there, the one "Yes" saves.
 */
export function TimeZonePrompt({
  zone,
  source,
  saving,
  onConfirm,
}: {
  zone: string;
  source: keyof typeof SOURCE_TEXT;
  saving: boolean;
  onConfirm: () => void;
}) {
  return (
    <section
      aria-labelledby="time-zone-prompt"
      className="rounded-md border border-amber-300 bg-amber-50 p-4"
    >
      <h3 id="time-zone-prompt" className="font-medium text-coffee-900">
        Is your time zone {zoneNameForPeople(zone)}?
      </h3>
      <p className="mt-1 text-sm text-coffee-800">
        {SOURCE_TEXT[source]} Chats are matched and proposed inside your working hours in this zone.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="button" disabled={saving} onClick={onConfirm}>
          Yes, that's my time zone
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => document.getElementById("time-zone-picker")?.focus()}
        >
          Choose another
        </Button>
      </div>
    </section>
  );
}
