import {
  type Newsletter,
  SELECT_PAIRING_FIRST,
  TEXT_MAX,
  type ValidateResponse,
} from "@shared/newsletters";
import { useMutation } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { useId, useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Button } from "../../../components/ui/button";
import { FieldError } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Select } from "../../../components/ui/select";
import { Spinner } from "../../../components/ui/spinner";
import { newslettersApi } from "../../../lib/api/admin-newsletters";
import { EditorSection, TextField } from "./editor-fields";
import type { EditorForm } from "./editor-form";
import { newsletterFailureToast, useNewsletterFiles } from "./newsletter-queries";
import { pairingOptions } from "./pairing-options";
import { ValidateMatchesPanel, validationToast } from "./validate-matches-panel";

/**
 * Your Match: the linked pairing (from the newsletter files list), Validate Matches with its
 * result panel, and the placeholder text. Choosing another pairing clears the earlier result.
 */
export function MatchSection({ form, newsletter }: { form: EditorForm; newsletter: Newsletter }) {
  const id = useId();
  const [result, setResult] = useState<ValidateResponse | null>(null);
  const [missing, setMissing] = useState(false);
  const selected = form.watch("pairingFile");
  const stored =
    newsletter.validationResult?.pairingFile === selected ? newsletter.validationResult : null;
  const validate = useMutation<ValidateResponse, Error, string>({
    mutationFn: (pairingFile) => newslettersApi.validate(newsletter.id, pairingFile),
    onSuccess: (data) => {
      setResult(data);
      validationToast(data);
    },
    onError: (error) =>
      newsletterFailureToast(error, "Validation Error", {
        fallback: "Failed to validate newsletter",
      }),
  });
  const field = form.register("pairingFile", {
    onChange: () => {
      setResult(null);
      setMissing(false);
    },
  });

  return (
    <EditorSection title="Your Match">
      <PairingField
        id={id}
        field={field}
        selected={selected}
        missing={missing}
        newsletter={newsletter}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="outline"
          disabled={validate.isPending}
          onClick={() => {
            if (!selected) {
              setMissing(true);
              newsletterFailureToast(new Error(SELECT_PAIRING_FIRST), "Validation Error");
              return;
            }
            validate.mutate(selected);
          }}
        >
          <ShieldCheck aria-hidden="true" />
          {validate.isPending ? "Validating..." : "Validate Matches"}
        </Button>
        {!result && stored && (
          <p className="text-sm text-coffee-700">
            Last validation: {stored.isValid ? "valid" : `${stored.errors.length} issues`}.
          </p>
        )}
      </div>
      <div aria-live="polite">{result && <ValidateMatchesPanel result={result} />}</div>
      <TextField
        form={form}
        name="matchPlaceholder"
        label="Placeholder text"
        hint="Shown where a person's match would be when they have none this month."
        maxLength={TEXT_MAX}
        multiline
      />
    </EditorSection>
  );
}

/** The linked pairing: a choice among the newsletter files, with the stored one kept when gone. */
function PairingField({
  id,
  field,
  selected,
  missing,
  newsletter,
}: {
  id: string;
  field: UseFormRegisterReturn<"pairingFile">;
  selected: string;
  missing: boolean;
  newsletter: Newsletter;
}) {
  const files = useNewsletterFiles();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Linked pairing</Label>
      {files.isLoading ? (
        <Spinner label="Loading pairing groups..." />
      ) : files.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Error loading pairing groups: {files.error.message || "Authentication required"}
        </p>
      ) : (
        <Select
          id={id}
          placeholder={files.data?.length ? "Choose a pairing" : "No pairing groups available"}
          aria-describedby={missing ? `${id}-error` : `${id}-hint`}
          aria-invalid={missing ? true : undefined}
          {...field}
        >
          {pairingOptions(files.data ?? [], selected, newsletter.pairingDisplayName).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      )}
      <p id={`${id}-hint`} className="text-xs text-coffee-700">
        Each employee in this pairing receives the newsletter with their own match. The current
        pairing is what employees see as their match now.
      </p>
      {missing && <FieldError id={`${id}-error`}>{SELECT_PAIRING_FIRST}</FieldError>}
    </div>
  );
}
