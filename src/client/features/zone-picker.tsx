import { knownTimeZones } from "@shared/zone-clock";
import { pickerZones, searchZones, zoneNameForPeople } from "@shared/zone-names";
import { useId, useMemo, useState } from "react";
import { Input } from "../components/ui/input";
import { Label } from "../components/ui/label";
import { Select } from "../components/ui/select";

/**
 * The one way to choose a time zone, a person's (Profile) or the company's (Operations → Monthly
 * rounds): a search box above a list naming each zone as every page does ("Central European Time
 * (Europe/Berlin)", docs/scheduling.md); typing "berl" leaves Europe/Berlin, "kyiv" Europe/Kyiv.
 */
export function ZonePicker({
  label,
  value,
  onChange,
  searchId,
}: {
  /** The list's label: "Time zone", "Company time zone". */
  label: string;
  value: string;
  onChange: (zone: string) => void;
  /** The search box's id, so a prompt can move focus to it. */
  searchId?: string;
}) {
  const id = useId();
  const [search, setSearch] = useState("");
  const zones = useMemo(() => pickerZones(knownTimeZones()), []);
  // The chosen zone stays listed whatever the search, so the list always shows what is chosen.
  const shown = useMemo(() => {
    const found = searchZones(zones, search);
    return found.includes(value) ? found : [value, ...found];
  }, [zones, search, value]);
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2">
      <Label htmlFor={searchId ?? `${id}-search`}>Search time zones</Label>
      <Input
        id={searchId ?? `${id}-search`}
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder="e.g. Berlin, New York, Kolkata"
        aria-describedby={`${id}-count`}
      />
      <p id={`${id}-count`} className="text-xs text-coffee-700" aria-live="polite">
        {shown.length === 1 ? "1 zone" : `${shown.length} zones`}
      </p>
      <Label htmlFor={id}>{label}</Label>
      <Select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        options={shown.map((z) => ({ value: z, label: zoneNameForPeople(z) }))}
      />
    </div>
  );
}
