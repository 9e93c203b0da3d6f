import type { WhitelistImportResult, WhitelistImportRow } from "@shared/whitelist-import";
import { Eye, UserPlus } from "lucide-react";
import { type ChangeEvent, useId, useState } from "react";
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
import { whitelistApi } from "../../../lib/api/admin-whitelist";
import { ImportPreview, ImportResult } from "./import-preview";
import { importRowsOf } from "./import-rows";
import { successToast, useWhitelistMutation } from "./whitelist-queries";

/**
 * Add Many People: pasted addresses or an HR export, previewed row by row, then added; the rows
 * that cannot be added are listed with their row number and reason (docs/admin-console.md).
 */
export function ImportCard() {
  const id = useId();
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [columns, setColumns] = useState<{ used: string[]; ignored: string[] } | null>(null);
  const { preview, apply, sent, result, clear } = useImport();

  function onText(value: string) {
    setText(value);
    setProblem(null);
    setColumns(null);
    clear();
  }
  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (file) onText(await file.text());
  }
  function onPreview() {
    const read = importRowsOf(text);
    if ("problem" in read) setProblem(read.problem);
    else {
      setColumns("columns" in read ? read.columns : null);
      preview.mutate(read.rows);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Add Many People</CardTitle>
        <CardDescription>
          Paste addresses (one per line, or separated by commas), or choose an HR export: a CSV with
          an email column and, if you have them, first name, last name, department, domain group,
          manager (an address), office, meet (In person, Online or Either) and time zone (such as
          Asia/Tokyo). These fill in each person's profile when they first sign in.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-file`}>HR export (CSV file)</Label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv,text/plain"
            onChange={onFile}
            className="text-sm text-coffee-900 file:mr-3 file:rounded-md file:border file:border-coffee-300 file:bg-white file:px-3 file:py-1.5"
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-text`}>Or paste addresses or the CSV</Label>
          <Textarea
            id={`${id}-text`}
            rows={5}
            value={text}
            onChange={(event) => onText(event.target.value)}
            placeholder={"ada@company.com\nbob@company.com"}
            className="font-mono placeholder:italic"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
          />
          <FieldError id={`${id}-problem`} role="alert">
            {problem}
          </FieldError>
        </div>
        <div>
          <Button
            type="button"
            variant="outline"
            onClick={onPreview}
            disabled={!text.trim() || preview.isPending}
          >
            <Eye aria-hidden="true" />
            {preview.isPending ? "Checking..." : "Preview"}
          </Button>
        </div>
        {columns && (
          <p className="text-sm text-coffee-800" role="status">
            Columns used: {columns.used.join(", ")}.{" "}
            {columns.ignored.length > 0
              ? `Ignored: ${columns.ignored.join(", ")}.`
              : "No column was ignored."}
          </p>
        )}
        {preview.data && sent && !result && (
          <ImportPreview preview={preview.data}>
            <Button
              type="button"
              onClick={() => apply.mutate(sent)}
              disabled={apply.isPending || preview.data.added === 0}
            >
              <UserPlus aria-hidden="true" />
              {apply.isPending ? "Adding..." : `Add ${peopleCount(preview.data.added)}`}
            </Button>
          </ImportPreview>
        )}
        {result && <ImportResult result={result} />}
      </CardContent>
    </Card>
  );
}

const peopleCount = (n: number) => `${n.toLocaleString("en")} ${n === 1 ? "address" : "addresses"}`;

/** The preview (a dry run of the rows) and the import of the same rows. */
function useImport() {
  const [sent, setSent] = useState<WhitelistImportRow[] | null>(null);
  const [result, setResult] = useState<WhitelistImportResult | null>(null);
  const preview = useWhitelistMutation({
    mutationFn: (rows: WhitelistImportRow[]) => whitelistApi.importEmails({ rows, dryRun: true }),
    onSuccess: (_data, rows) => setSent(rows),
    failure: "Failed to check the list",
  });
  const apply = useWhitelistMutation({
    mutationFn: (rows: WhitelistImportRow[]) => whitelistApi.importEmails({ rows }),
    onSuccess: (data) => {
      setResult(data);
      successToast(`${peopleCount(data.added)} added to the whitelist.`);
    },
    failure: "Failed to add the list",
  });
  function clear() {
    setSent(null);
    setResult(null);
    preview.reset();
  }
  return { preview, apply, sent, result, clear };
}
