import { zodResolver } from "@hookform/resolvers/zod";
import {
  rosterColumns,
  type SyncEmployeeDataInput,
  type SyncEmployeeDataResponse,
  syncEmployeeDataSchema,
} from "@shared/employees";
import { Upload } from "lucide-react";
import { type ChangeEvent, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { FieldError } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Textarea } from "../../../components/ui/textarea";
import { toast } from "../../../components/ui/toast";
import { employeesApi } from "../../../lib/api/admin-employees";
import { ApiError } from "../../../lib/api-client";
import { usePairingMutation } from "./pairing-queries";

/** Roster CSV upload: every row is checked; the valid rows are applied, the refused ones listed. */
export function RosterSyncCard() {
  const fileId = useId();
  const textId = useId();
  const form = useForm<SyncEmployeeDataInput>({
    resolver: zodResolver(syncEmployeeDataSchema),
    defaultValues: { csv: "" },
  });
  const csv = form.watch("csv");
  const { result, sync } = useRosterSync();

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (file) form.setValue("csv", await file.text());
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Employee Roster Sync</CardTitle>
        <CardDescription>
          Upload a CSV with the columns {rosterColumns.join(", ")}. Every row is checked; the
          correct rows are applied and each refused row is listed with its reason.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={form.handleSubmit((values) => sync.mutate(values.csv))}
          className="grid gap-3"
        >
          <div className="grid gap-2">
            <Label htmlFor={fileId}>Roster CSV file</Label>
            <input
              id={fileId}
              type="file"
              accept=".csv,text/csv"
              onChange={onFile}
              className="text-sm text-coffee-900 file:mr-3 file:rounded-md file:border file:border-coffee-300 file:bg-white file:px-3 file:py-1.5"
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={textId}>Or paste the CSV</Label>
            <Textarea
              id={textId}
              rows={4}
              {...form.register("csv")}
              placeholder="email,employeeStatus,leaveStartDate,leaveEndDate,leaveReason,department"
              className="font-mono"
            />
            <FieldError role="alert">{form.formState.errors.csv?.message}</FieldError>
          </div>
          <div>
            <Button type="submit" disabled={!csv.trim() || sync.isPending}>
              <Upload aria-hidden="true" />
              {sync.isPending ? "Syncing..." : "Sync Employee Data"}
            </Button>
          </div>
        </form>
        {result && <RosterResult result={result} />}
      </CardContent>
    </Card>
  );
}

function RosterResult({ result }: { result: SyncEmployeeDataResponse }) {
  return (
    <div className="mt-4 grid gap-3" aria-live="polite">
      <Alert variant={result.applied ? "success" : "destructive"}>
        <AlertTitle>
          {result.applied
            ? result.rejected.length > 0
              ? "Roster applied, except the rows below"
              : "Roster applied"
            : "Nothing was changed"}
        </AlertTitle>
        <AlertDescription>{result.message}</AlertDescription>
      </Alert>
      {result.rejected.length > 0 && (
        <section aria-label="Refused rows">
          <h3 className="mb-1 font-semibold">Refused rows</h3>
          <ul className="grid gap-1 text-sm">
            {result.rejected.map((r) => (
              <li key={`${r.row}-${r.email}`} className="break-words">
                Row {r.row} {r.email && <span className="break-all">({r.email})</span>}: {r.reason}
              </li>
            ))}
          </ul>
        </section>
      )}
      {result.changed.length > 0 && (
        <section aria-label="Changed employees">
          <h3 className="mb-1 font-semibold">Changed</h3>
          <ul className="grid gap-1 text-sm">
            {result.changed.map((c) => (
              <li key={c.email} className="break-words">
                <span className="break-all font-medium">{c.email}</span>:{" "}
                {Object.entries(c.fields)
                  .map(([field, value]) => `${field} → ${value ?? "(cleared)"}`)
                  .join(", ")}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** The sync and its last answer; a refusal that lists rejected rows is kept to show them. */
function useRosterSync() {
  const [result, setResult] = useState<SyncEmployeeDataResponse | null>(null);

  const sync = usePairingMutation({
    mutationFn: (text: string) => employeesApi.syncData(text),
    onSuccess: (answer) => {
      setResult(answer);
      // A sync that refused every row changed nothing: never a green "synced".
      toast(
        answer.applied
          ? { title: "Employee data synced", description: answer.message }
          : { title: "Nothing was synced", description: answer.message, variant: "destructive" },
      );
    },
    onError: (error) => {
      const body =
        error instanceof ApiError
          ? (error.body as Partial<SyncEmployeeDataResponse> | undefined)
          : undefined;
      if (body && Array.isArray(body.rejected)) {
        setResult({
          applied: false,
          message: error.message,
          changed: [],
          unchanged: 0,
          rejected: body.rejected,
        });
      } else setResult(null);
    },
    failure: "Failed to sync employee data",
  });
  return { result, sync };
}
