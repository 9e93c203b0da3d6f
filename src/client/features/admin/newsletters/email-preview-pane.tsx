import { zodResolver } from "@hookform/resolvers/zod";
import { joinNames } from "@shared/matches";
import {
  noNewsletterTexts,
  type PreviewEmailResponse,
  previewEmailBodySchema,
} from "@shared/newsletters";
import { useMutation } from "@tanstack/react-query";
import { Eye } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { Alert, AlertDescription } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FieldError, Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { newslettersApi } from "../../../lib/api/admin-newsletters";
import { newsletterFailureToast } from "./newsletter-queries";
import { TestSendForm } from "./test-send-form";

/**
 * The editor's preview: the saved newsletter as one recipient receives it (POST …/preview-email),
 * in a sandboxed frame so the e-mail's HTML can run nothing, and a test send of that e-mail.
 */
export function EmailPreviewPane({
  newsletterId,
  unsaved,
}: {
  newsletterId: number;
  unsaved: boolean;
}) {
  const id = useId();
  const form = useForm({
    resolver: zodResolver(previewEmailBodySchema),
    defaultValues: { recipientEmail: "" },
  });
  const error = form.formState.errors.recipientEmail?.message;
  const preview = useMutation<PreviewEmailResponse, Error, string>({
    mutationFn: (recipientEmail) => newslettersApi.previewEmail(newsletterId, recipientEmail),
    onError: (failure) =>
      newsletterFailureToast(failure, "Preview Error", {
        fallback: "Failed to generate email preview",
      }),
  });

  const data = preview.data;
  return (
    <section aria-label="Email preview" className="grid gap-4">
      {unsaved && (
        <Alert>
          <AlertDescription>
            The preview shows the last saved version. Save your changes to see them here.
          </AlertDescription>
        </Alert>
      )}
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => preview.mutate(values.recipientEmail))}
        className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end"
      >
        <div className="grid min-w-0 gap-2">
          <Label htmlFor={id}>Recipient email</Label>
          <Input
            id={id}
            type="email"
            placeholder="name@company.com"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            {...form.register("recipientEmail")}
          />
        </div>
        <Button type="submit" disabled={preview.isPending}>
          <Eye aria-hidden="true" />
          {preview.isPending ? "Generating..." : "Preview Email"}
        </Button>
        <FieldError id={`${id}-error`} className="sm:col-span-2">
          {error}
        </FieldError>
      </form>
      <TestSendForm newsletterId={newsletterId} previewAs={data?.recipientEmail} />
      {data && (
        <div className="grid gap-2">
          <p className="text-sm" aria-live="polite">
            {previewLine(data.matchInfo)}
          </p>
          <iframe
            title={`Email preview for ${data.recipientEmail}`}
            sandbox=""
            srcDoc={data.personalizedHtml}
            className="h-[70dvh] w-full rounded-md border border-coffee-200 bg-white"
          />
        </div>
      )}
    </section>
  );
}

/** Whether the send e-mails the previewed person and, if so, their match or the sat-out note. */
function previewLine(info: PreviewEmailResponse["matchInfo"]): string {
  if (info.noNewsletter) return noNewsletterTexts[info.noNewsletter];
  if (!info.found || info.partners.length === 0) {
    return "No match found for this recipient: they get the sat-out note.";
  }
  return `Match found: ${joinNames(info.partners.map((p) => (p.team ? `${p.name} (${p.team})` : p.name)))}`;
}
