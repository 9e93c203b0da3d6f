import { currentZoneName } from "@shared/zone-names";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { roundsApi } from "../../../lib/api/admin-rounds";
import { ZonePicker } from "../../zone-picker";
import { useRoundMutation } from "./rounds-queries";

/**
 * The company time zone (docs/rounds.md), chosen in the picker the profile uses, so "Berlin" finds
 * Europe/Berlin; a zone stored under an old name is shown, and saved, under its current one.
 */
export function CompanyTimeZoneSetting({ timeZone }: { timeZone: string }) {
  const [zone, setZone] = useState(currentZoneName(timeZone));
  const save = useRoundMutation({
    mutationFn: (chosen: string) => roundsApi.saveTimeZone(chosen),
    failure: "Failed to save the time zone",
  });
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(zone);
      }}
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2 sm:max-w-lg"
    >
      <ZonePicker label="Company time zone" value={zone} onChange={setZone} />
      <div>
        <Button type="submit" size="sm" variant="outline" disabled={save.isPending}>
          Save time zone
        </Button>
      </div>
    </form>
  );
}
