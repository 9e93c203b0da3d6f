import {
  type Connections,
  DEFAULT_CONNECTION_MONTHS,
  MAX_CONNECTION_MONTHS,
  shiftMonthKey,
} from "@shared/connections";
import { timeInZone } from "@shared/zone-clock";
import { Download, Printer } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Button } from "../../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../../components/ui/card";
import { Input } from "../../../../components/ui/input";
import { Label } from "../../../../components/ui/label";
import { Select } from "../../../../components/ui/select";
import { errorMessage } from "../../../../lib/api-client";
import { useCompanyTimeZone } from "../../use-company-time-zone";
import { useDomainGroups } from "../../whitelist/whitelist-queries";
import { Stat } from "../chart-figure";
import { formatPercent } from "../metrics-queries";
import { CoverageChart, EiIndexTable, ReachChart } from "./connection-charts";
import { mapCsv, saveCsv, seriesCsv } from "./connections-csv";
import { useConnections } from "./connections-queries";
import { periodLine, programmeBeganLine } from "./connections-texts";
import { DepartmentMap, HIDDEN } from "./department-map";
import { ThresholdForm } from "./threshold-form";

/** Prints the Connections report alone (styles.css, "print"), on one page. */
function printReport() {
  document.body.dataset.print = "connections";
  const done = () => {
    delete document.body.dataset.print;
    window.removeEventListener("afterprint", done);
  };
  window.addEventListener("afterprint", done);
  window.print();
}

/**
 * Connections (docs/admin-console.md, "Connections"): who met whom across departments in a
 * period, for every pairing or one domain group's. `thisMonth` is the server's month now
 * (Matching Performance's current month), not the browser's: the period opens on the months the
 * server counts.
 */
export function ConnectionsPanel({ thisMonth }: { thisMonth: string }) {
  const [to, setTo] = useState(thisMonth);
  const [from, setFrom] = useState(() => shiftMonthKey(to, -(DEFAULT_CONNECTION_MONTHS - 1)));
  // Until the admin picks a month, the period starts no earlier than the programme's first month.
  const [fromChosen, setFromChosen] = useState(false);
  const [groupId, setGroupId] = useState("");
  const groups = useDomainGroups();
  const query = useConnections({ from, to, domainGroupId: groupId });
  const firstMonth = query.data?.firstMonth;
  useEffect(() => {
    if (!fromChosen && firstMonth && firstMonth > from && firstMonth <= to) setFrom(firstMonth);
  }, [fromChosen, firstMonth, from, to]);
  const id = useId();
  return (
    <Card className="connections-report">
      <CardHeader>
        <CardTitle as="h3">Connections across departments</CardTitle>
        <p className="text-sm text-coffee-700">
          {periodLine(from, to)}
          {groupId ? ` — ${groups.data?.find((g) => String(g.id) === groupId)?.displayName}` : ""}
        </p>
        {firstMonth && firstMonth < from && (
          <p className="text-sm text-coffee-700 print:hidden">
            {programmeBeganLine(firstMonth, MAX_CONNECTION_MONTHS)}
          </p>
        )}
      </CardHeader>
      <CardContent className="space-y-6">
        <div className="grid gap-3 sm:grid-cols-3 print:hidden">
          <div className="space-y-1">
            <Label htmlFor={`${id}-from`}>From</Label>
            <Input
              id={`${id}-from`}
              type="month"
              value={from}
              onChange={(e) => {
                if (!e.target.value) return;
                setFromChosen(true);
                setFrom(e.target.value);
              }}
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor={`${id}-to`}>To</Label>
            <Input
              id={`${id}-to`}
              type="month"
              value={to}
              onChange={(e) => e.target.value && setTo(e.target.value)}
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor={`${id}-group`}>Domain group</Label>
            <Select
              id={`${id}-group`}
              value={groupId}
              onChange={(e) => setGroupId(e.target.value)}
              placeholder="Every pairing"
              options={(groups.data ?? []).map((g) => ({
                value: String(g.id),
                label: g.displayName,
              }))}
            />
          </div>
        </div>
        {query.isPending ? (
          <p role="status" className="text-sm text-coffee-700">
            Loading connections…
          </p>
        ) : query.isError ? (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4">
            <p className="text-sm text-red-800">
              {errorMessage(query.error, "Failed to load connections")}
            </p>
          </div>
        ) : (
          <ConnectionsFigures data={query.data} />
        )}
        <ThresholdForm />
      </CardContent>
    </Card>
  );
}

/** When the figures were counted, and that a newer count is on its way while they are stale. */
function CountedAt({ data }: { data: Connections }) {
  const time = timeInZone(data.countedAt, useCompanyTimeZone());
  return (
    <p role="status" className="text-sm text-coffee-700">
      Counted at {time}
      {data.stale ? " · recounting…" : ""}
    </p>
  );
}

function ConnectionsFigures({ data }: { data: Connections }) {
  const [which, setWhich] = useState<"met" | "matched">("met");
  const hidden = HIDDEN;
  const anyHidden =
    data.chats === null ||
    data.crossShare === null ||
    data.reach.median === null ||
    data.reach.p90 === null;
  if (data.departments.length === 0) {
    return (
      <p className="text-sm text-coffee-700">
        No matches in this period yet: the map fills in as people are matched.
      </p>
    );
  }
  const name = `connections_${data.from}_${data.to}`;
  return (
    <div className="space-y-6">
      <CountedAt data={data} />
      <div className="flex flex-wrap gap-2 print:hidden">
        <Button
          variant="outline"
          size="sm"
          onClick={() => saveCsv(mapCsv(data, which), `${name}_map.csv`)}
        >
          <Download aria-hidden="true" />
          Map as CSV
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => saveCsv(seriesCsv(data), `${name}_months.csv`)}
        >
          <Download aria-hidden="true" />
          Months as CSV
        </Button>
        <Button variant="outline" size="sm" onClick={printReport}>
          <Printer aria-hidden="true" />
          Print report
        </Button>
      </div>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label="Chats that happened" value={data.chats ?? hidden} />
        <Stat
          label="Across departments"
          value={data.crossShare === null ? hidden : formatPercent(data.crossShare)}
        />
        <Stat label="Colleagues met (median)" value={data.reach.median ?? hidden} />
        <Stat label="Colleagues met (90th percentile)" value={data.reach.p90 ?? hidden} />
      </dl>
      {anyHidden && (
        <p className="text-sm text-coffee-700">
          A figure reads “{HIDDEN}” when it is about fewer than {data.minCell} people, or when the
          figures shown beside it would give such a figure away.
        </p>
      )}
      <section aria-labelledby="connections-map-title" className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h4 id="connections-map-title" className="font-semibold text-coffee-950">
            Department map
          </h4>
          <fieldset className="flex flex-wrap gap-2 print:hidden">
            <legend className="sr-only">Count</legend>
            {(
              [
                ["met", "Chats that happened"],
                ["matched", "Matches made"],
              ] as const
            ).map(([value, label]) => (
              <Button
                key={value}
                size="sm"
                variant={which === value ? "default" : "outline"}
                aria-pressed={which === value}
                onClick={() => setWhich(value)}
              >
                {label}
              </Button>
            ))}
          </fieldset>
        </div>
        <DepartmentMap data={data} which={which} />
      </section>
      <section aria-label="E-I index" className="space-y-2">
        <h4 className="font-semibold text-coffee-950">Bridging by department</h4>
        <EiIndexTable data={data} />
      </section>
      <div className="grid gap-6 lg:grid-cols-2 print:grid-cols-2">
        <CoverageChart data={data} />
        <ReachChart data={data} />
      </div>
    </div>
  );
}
