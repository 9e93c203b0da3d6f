import type { ImportOutcome, WhitelistImportResult } from "@shared/whitelist-import";
import type { ReactNode } from "react";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { InviteOffer } from "./invite-offer";

/** Rows shown in the preview's table; the errors are always listed in full. */
const SHOWN_ROWS = 100;

const OUTCOME_TEXT: Record<ImportOutcome, string> = {
  add: "Add",
  unchanged: "Already there",
  error: "Cannot add",
};

/** What the import would do: the counts, then each row's outcome, then the confirm button. */
export function ImportPreview({
  preview,
  children,
}: {
  preview: WhitelistImportResult;
  children: ReactNode;
}) {
  const shown = preview.rows.slice(0, SHOWN_ROWS);
  return (
    <section aria-labelledby="import-preview-heading" className="grid gap-3">
      <h4 id="import-preview-heading" className="font-semibold text-coffee-950">
        Preview: nothing is added until you confirm
      </h4>
      <p className="text-sm text-coffee-800" aria-live="polite">
        {countsText(preview)}
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">What happens to each row</caption>
          <thead>
            <tr className="text-left text-coffee-700">
              {["Row", "Address", "What happens"].map((h) => (
                <th key={h} scope="col" className="pr-3 pb-2 font-medium">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => (
              <tr key={`${r.row}-${r.email}`} className="border-t border-coffee-100 align-top">
                <td className="py-1.5 pr-3 tabular-nums">{r.row}</td>
                <td className="py-1.5 pr-3 break-all">{r.email || "(empty)"}</td>
                <td className={r.outcome === "error" ? "py-1.5 text-red-800" : "py-1.5"}>
                  {r.outcome === "add" && r.detail ? (
                    r.detail
                  ) : (
                    <>
                      <span className="font-medium">{OUTCOME_TEXT[r.outcome]}</span>
                      {r.outcome !== "unchanged" && r.detail ? `: ${r.detail}` : ""}
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {preview.rows.length > SHOWN_ROWS && (
        <p className="text-sm text-coffee-700">
          The first {SHOWN_ROWS} of {preview.rows.length.toLocaleString("en")} rows are shown.
        </p>
      )}
      <RowErrors errors={preview.errors.filter((e) => !shown.some((r) => r.row === e.row))} />
      <div>{children}</div>
    </section>
  );
}

/** The answer of the import itself: what was added, and each row that was not. */
export function ImportResult({ result }: { result: WhitelistImportResult }) {
  return (
    <div className="grid gap-3">
      <Alert variant="success">
        <AlertTitle>Import done</AlertTitle>
        <AlertDescription>{countsText(result)}</AlertDescription>
      </Alert>
      <InviteOffer emails={result.toInvite} />
      <RowErrors errors={result.errors} />
    </div>
  );
}

function RowErrors({ errors }: { errors: WhitelistImportResult["errors"] }) {
  if (errors.length === 0) return null;
  return (
    <section aria-label="Rows not added">
      <h4 className="mb-1 font-semibold text-coffee-950">Rows not added</h4>
      <ul className="grid gap-1 text-sm">
        {errors.map((e) => (
          <li key={`${e.row}-${e.email}`} className="break-words">
            Row {e.row} {e.email && <span className="break-all">({e.email})</span>}: {e.message}
          </li>
        ))}
      </ul>
    </section>
  );
}

function countsText({ dryRun, added, unchanged, errors }: WhitelistImportResult): string {
  const verb = dryRun ? "will be added" : "added";
  return [
    `${added.toLocaleString("en")} ${verb}`,
    `${unchanged.toLocaleString("en")} already on the whitelist`,
    `${errors.length.toLocaleString("en")} ${dryRun ? "cannot be added" : "not added"}`,
  ].join(", ");
}
