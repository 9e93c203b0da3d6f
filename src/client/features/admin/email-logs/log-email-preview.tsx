import type { EmailLog } from "@shared/newsletters";
import { useMutation } from "@tanstack/react-query";
import { Eye } from "lucide-react";
import { useId, useState } from "react";
import { Alert, AlertDescription } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Label } from "../../../components/ui/label";
import { ListSkeleton } from "../../../components/ui/query-state";
import { Select } from "../../../components/ui/select";
import { emailLogsApi } from "../../../lib/api/admin-newsletters";
import { useLoadedRecipients } from "./email-log-entries";
import { previewErrorText } from "./preview-error-text";

/**
 * Preview Email: the e-mail one recipient of this send got, when the newsletter still exists. The
 * choice is the recipients of the entries loaded so far (Send Entries' "Show more" adds to it).
 */
export function LogEmailPreview({ log }: { log: EmailLog }) {
  const id = useId();
  const { query, recipients } = useLoadedRecipients(log);
  const [chosen, setEmail] = useState("");
  const email = chosen || (recipients[0] ?? "");
  const preview = useMutation<{ html: string }, Error, string>({
    mutationFn: (userEmail) => emailLogsApi.preview(log.newsletter_id, userEmail),
  });

  if (query.isPending) return <ListSkeleton label="Loading recipients..." rows={1} />;
  if (recipients.length === 0) {
    return <p className="text-sm text-coffee-700">This send had no recipients.</p>;
  }
  return (
    <div className="grid gap-3">
      <div className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
        <div className="grid min-w-0 gap-2">
          <Label htmlFor={id}>Recipient</Label>
          <Select id={id} value={email} onChange={(event) => setEmail(event.target.value)}>
            {recipients.map((address) => (
              <option key={address} value={address}>
                {address}
              </option>
            ))}
          </Select>
        </div>
        <Button onClick={() => preview.mutate(email)} disabled={preview.isPending}>
          <Eye aria-hidden="true" />
          {preview.isPending ? "Generating..." : "Preview Email"}
        </Button>
      </div>
      {preview.isError && (
        <Alert variant="destructive">
          <AlertDescription>{previewErrorText(preview.error)}</AlertDescription>
        </Alert>
      )}
      {preview.data && (
        <iframe
          title={`Email sent to ${preview.variables}`}
          sandbox=""
          srcDoc={preview.data.html}
          className="h-[60dvh] w-full rounded-md border border-coffee-200 bg-white"
        />
      )}
    </div>
  );
}
