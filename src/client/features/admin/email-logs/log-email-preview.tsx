import { type EmailLog, NEWSLETTER_ARCHIVED, USER_NOT_FOUND } from "@shared/newsletters";
import { useMutation } from "@tanstack/react-query";
import { Eye } from "lucide-react";
import { useId, useState } from "react";
import { Alert, AlertDescription } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Label } from "../../../components/ui/label";
import { Select } from "../../../components/ui/select";
import { ApiError, apiRequest, isUnauthorizedError } from "../../../lib/api-client";

/** The preview pane's words for a failed preview, with the server's suggestion when it gives one. */
export function previewErrorText(error: unknown): string {
  if (isUnauthorizedError(error)) return "Authentication required. Please refresh and try again.";
  const message = error instanceof Error ? error.message : "";
  const body = error instanceof ApiError ? (error.body as { suggestion?: unknown }) : undefined;
  const suggestion = typeof body?.suggestion === "string" ? ` ${body.suggestion}` : "";
  if (message === USER_NOT_FOUND || /user not found/i.test(message)) return USER_NOT_FOUND;
  if (message === NEWSLETTER_ARCHIVED) return NEWSLETTER_ARCHIVED;
  if (
    (error instanceof ApiError && error.status === 404) ||
    /newsletter not found/i.test(message)
  ) {
    return `${NEWSLETTER_ARCHIVED}${suggestion}`;
  }
  return `Error: ${message || "Failed to generate email preview"}${suggestion}`;
}

/** Preview Email: the e-mail one recipient of this send got, when the newsletter still exists. */
export function LogEmailPreview({ log }: { log: EmailLog }) {
  const id = useId();
  const recipients = log.entries.map((entry) => entry.user_email);
  const [email, setEmail] = useState(recipients[0] ?? "");
  const preview = useMutation<{ html: string }, Error, string>({
    mutationFn: (userEmail) =>
      apiRequest("POST", "/api/admin/email-logs/preview", {
        newsletterId: log.newsletter_id,
        userEmail,
      }),
  });

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
