import { type WorkingDay, workingHoursSummary } from "@shared/working-hours";
import { zoneNameForPeople } from "@shared/zone-names";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { roundKeys, roundsApi } from "../../../lib/api/admin-rounds";
import { HoursEditor } from "../../working-hours/hours-editor";
import { useRoundMutation } from "./rounds-queries";

/** The company's default working hours (docs/profile.md): everyone without their own follows them. */
export function DefaultHoursSetting() {
  const query = useQuery({
    queryKey: roundKeys.workingHours,
    queryFn: ({ signal }) => roundsApi.workingHours(signal),
  });
  if (!query.data) return null;
  return <DefaultHoursForm initial={query.data.workingHours} timeZone={query.data.timeZone} />;
}

function DefaultHoursForm({ initial, timeZone }: { initial: WorkingDay[]; timeZone: string }) {
  const [hours, setHours] = useState(initial);
  // Shown as one line until the admin asks to change it, so the Pairing part stays one screen.
  const [editing, setEditing] = useState(false);
  const editorId = useId();
  const save = useRoundMutation({
    mutationFn: () => roundsApi.saveWorkingHours(hours),
    failure: "Failed to save the default working hours",
    onDone: () => setEditing(false),
  });
  return (
    <section aria-labelledby="default-hours" className="grid gap-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h3 id="default-hours" className="font-medium text-coffee-900">
          Default working hours:
        </h3>
        <p className="text-sm text-coffee-900" data-testid="default-hours-summary">
          {workingHoursSummary(initial)}
        </p>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-expanded={editing}
          aria-controls={editing ? editorId : undefined}
          onClick={() => setEditing((open) => !open)}
        >
          {editing ? "Close" : "Change default hours"}
        </Button>
      </div>
      {editing && (
        <div id={editorId} className="grid gap-3">
          <p className="text-sm text-coffee-700">
            For everyone who has not set their own, in their own time zone (or the company's,{" "}
            {zoneNameForPeople(timeZone)}). People are matched only when they share enough working
            time.
          </p>
          <HoursEditor value={hours} onChange={setHours} />
          <div>
            <Button type="button" disabled={save.isPending} onClick={() => save.mutate()}>
              {save.isPending ? "Saving..." : "Save default hours"}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
