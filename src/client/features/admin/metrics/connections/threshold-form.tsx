import { MIN_CELL_CEILING, MIN_CELL_FLOOR } from "@shared/connections";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../../components/ui/button";
import { Input } from "../../../../components/ui/input";
import { Label } from "../../../../components/ui/label";
import { useConnectionSettings, useSaveConnectionSettings } from "./connections-queries";

/**
 * The privacy threshold (docs/privacy.md, "Figures about few people"): figures about fewer
 * people than this are hidden on this page, in the API and in the exports.
 */
export function ThresholdForm() {
  const settings = useConnectionSettings();
  const save = useSaveConnectionSettings();
  const [draft, setDraft] = useState<string | null>(null);
  const id = useId();
  const value = draft ?? String(settings.data?.minCell ?? "");
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ minCell: Number(value) }, { onSuccess: () => setDraft(null) });
  }
  return (
    <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-2 print:hidden">
      <div className="space-y-1">
        <Label htmlFor={id}>Hide figures about fewer than this many people</Label>
        <Input
          id={id}
          type="number"
          inputMode="numeric"
          min={MIN_CELL_FLOOR}
          max={MIN_CELL_CEILING}
          className="w-28"
          value={value}
          disabled={settings.isPending}
          onChange={(e) => setDraft(e.target.value)}
        />
      </div>
      <Button type="submit" variant="outline" disabled={save.isPending || settings.isPending}>
        Save threshold
      </Button>
    </form>
  );
}
