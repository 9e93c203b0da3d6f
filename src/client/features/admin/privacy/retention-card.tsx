import type { RetentionStatus } from "@shared/privacy";
import { atInZone } from "@shared/zone-clock";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { QueryState } from "../../../components/ui/query-state";
import { toast } from "../../../components/ui/toast";
import { privacyApi, retentionKeys } from "../../../lib/api/privacy";
import { HelpLink } from "../../help/help-link";
import { useAdminMutation } from "../use-admin-mutation";
import { useCompanyTimeZone } from "../use-company-time-zone";
import { failureToast } from "../whitelist/whitelist-queries";

/** Operations: how many months of history to keep (docs/privacy.md "Retention"). */
export function RetentionCard() {
  const query = useQuery({
    queryKey: retentionKeys.status,
    queryFn: ({ signal }) => privacyApi.retention(signal),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>History retention</CardTitle>
        <CardDescription>
          Matches, answers and send logs older than this are anonymised by a daily job, as when a
          person deletes their account. Expired sign-in codes, links and sessions are always deleted
          after a day (
          <HelpLink slug="privacy" section="retention">
            retention
          </HelpLink>
          ).
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState query={query} failure="Failed to load the retention setting">
          {(data) => <RetentionForm status={data} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function RetentionForm({ status }: { status: RetentionStatus }) {
  const [months, setMonths] = useState(status.months === null ? "" : String(status.months));
  const id = useId();
  const zone = useCompanyTimeZone();
  const save = useAdminMutation({
    mutationFn: (value: number | null) => privacyApi.setRetention({ months: value }),
    onSuccess: () => toast({ title: "Saved", description: "The retention setting is saved." }),
    failure: "Failed to save the retention setting",
    refresh: (client) => client.invalidateQueries({ queryKey: retentionKeys.status }),
    reportFailure: failureToast,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(months.trim() === "" ? null : Number(months));
  };
  return (
    <form onSubmit={submit} className="grid gap-3">
      <div className="grid gap-2 sm:max-w-xs">
        <Label htmlFor={id}>Months of history to keep (empty: for ever)</Label>
        <Input
          id={id}
          inputMode="numeric"
          value={months}
          onChange={(event) => setMonths(event.target.value)}
          placeholder="For ever"
        />
      </div>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save"}
        </Button>
      </div>
      <p className="text-sm text-coffee-700">
        {status.lastRunAt
          ? `Last run ${atInZone(status.lastRunAt, zone)}: ${status.lastRunNote}`
          : "The daily job has not run yet."}
      </p>
    </form>
  );
}
