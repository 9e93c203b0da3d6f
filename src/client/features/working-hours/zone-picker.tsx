import { knownTimeZones } from "@shared/zone-clock";
import { currentZoneName, searchZones, zoneLabel } from "@shared/zone-names";
import { useId, useMemo, useState } from "react";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Select } from "../../components/ui/select";

/** A zone list with a search box above it: typing "berl" leaves Europe/Berlin, "kyiv" Europe/Kiev. */
export function ZonePicker({
  value,
  onChange,
  searchId,
}: {
  value: string;
  onChange: (zone: string) => void;
  /** The search box's id, so a prompt can move focus to it. */
  searchId?: string;
}) {
  const id = useId();
  const [search, setSearch] = useState("");
  // Listed by current names (Chromium lists Asia/Calcutta): the old name still finds them.
  const zones = useMemo(() => [...new Set(knownTimeZones().map(currentZoneName))], []);
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
      <Label htmlFor={id}>Time zone</Label>
      <Select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        options={shown.map((z) => ({ value: z, label: zoneLabel(z) }))}
      />
    </div>
  );
}
