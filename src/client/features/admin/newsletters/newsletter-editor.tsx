import { monthName } from "@shared/months";
import type { Newsletter } from "@shared/newsletters";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Save, Send } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs";
import { toast } from "../../../components/ui/toast";
import { apiRequest } from "../../../lib/api-client";
import { type EditorValues, editorResolver, toFormValues, toRequestBody } from "./editor-form";
import {
  BrainBuzzerSection,
  ClosingSection,
  CoffeeChatsSection,
  DetailsSection,
  MoodSection,
  ProTipsSection,
  QuoteSection,
} from "./editor-sections";
import { EmailPreviewPane } from "./email-preview-pane";
import { MatchSection } from "./match-section";
import { NewsletterStatusBadge } from "./newsletter-labels";
import { newsletterFailureToast, newsletterUrl, refreshNewsletterData } from "./newsletter-queries";

/** The editor overlay; open while `newsletter` is set. */
export function NewsletterEditor({
  newsletter,
  onClose,
  onSend,
}: {
  newsletter: Newsletter | null;
  onClose: () => void;
  onSend: (newsletter: Newsletter) => void;
}) {
  return (
    <Dialog open={newsletter !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-4xl p-4 sm:p-6">
        {newsletter && (
          <EditorBody
            key={newsletter.id}
            newsletter={newsletter}
            onClose={onClose}
            onSend={onSend}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The toast after a save, by what the save found (spec's four variants). */
function savedToast(saved: Newsletter) {
  const check = saved.validationResult;
  const description =
    check && !check.isValid
      ? `Saved with ${check.errors.length} validation issues. Status set to draft.`
      : saved.status === "approved"
        ? "Saved and approved: ready to send."
        : check?.isValid
          ? "Saved and validated: ready to send once approved."
          : "Newsletter saved.";
  toast({ title: "Newsletter Saved", description });
}

function EditorBody({
  newsletter,
  onClose,
  onSend,
}: {
  newsletter: Newsletter;
  onClose: () => void;
  onSend: (newsletter: Newsletter) => void;
}) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState("edit");
  const form = useForm<EditorValues>({
    resolver: editorResolver,
    defaultValues: toFormValues(newsletter),
  });
  const save = useMutation<Newsletter, Error, EditorValues>({
    mutationFn: (values) => apiRequest("PUT", newsletterUrl(newsletter.id), toRequestBody(values)),
    onSuccess: async (saved) => {
      form.reset(toFormValues(saved));
      savedToast(saved);
      await refreshNewsletterData(queryClient);
    },
    onError: (error) =>
      newsletterFailureToast(error, "Error", { fallback: "Failed to save newsletter" }),
  });
  const locked = newsletter.status === "sending" || newsletter.status === "sent";
  const dirty = form.formState.isDirty;
  const period = `${monthName(newsletter.month) ?? newsletter.month} ${newsletter.year}`;

  return (
    <div className="grid min-w-0 gap-4">
      <DialogHeader>
        <DialogTitle>Edit Newsletter: {period}</DialogTitle>
        <DialogDescription className="flex flex-wrap items-center gap-2">
          <span className="break-words">{newsletter.title}</span>
          <NewsletterStatusBadge status={newsletter.status} />
        </DialogDescription>
      </DialogHeader>
      <Tabs value={mode} onValueChange={setMode}>
        <TabsList aria-label="Editor mode">
          <TabsTrigger value="edit">Edit</TabsTrigger>
          <TabsTrigger value="preview">Preview</TabsTrigger>
        </TabsList>
        <TabsContent value="edit" forceMount className="data-[state=inactive]:hidden">
          <form
            noValidate
            id={`newsletter-form-${newsletter.id}`}
            onSubmit={form.handleSubmit(
              (values) => save.mutate(values),
              (errors) =>
                toast({
                  title: "Error",
                  description: `Please check the highlighted fields. ${Object.values(errors)[0]?.message ?? ""}`,
                  variant: "destructive",
                }),
            )}
            aria-busy={save.isPending}
          >
            {locked && (
              <p className="mb-4 text-sm text-coffee-700">
                This newsletter is {newsletter.status}; it can no longer be edited.
              </p>
            )}
            <fieldset disabled={locked} className="grid min-w-0 gap-4">
              <legend className="sr-only">Newsletter content</legend>
              <DetailsSection form={form} />
              <MoodSection form={form} />
              <QuoteSection form={form} />
              <BrainBuzzerSection form={form} />
              <CoffeeChatsSection form={form} />
              <ProTipsSection form={form} />
              <MatchSection form={form} newsletter={newsletter} />
              <ClosingSection form={form} />
            </fieldset>
          </form>
        </TabsContent>
        <TabsContent value="preview">
          <EmailPreviewPane newsletterId={newsletter.id} unsaved={dirty} />
        </TabsContent>
      </Tabs>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
        <Button variant="outline" onClick={onClose}>
          {dirty ? "Cancel Edit" : "Close"}
        </Button>
        {newsletter.status === "sent" ? (
          <Button disabled>Newsletter Sent</Button>
        ) : (
          newsletter.status === "approved" && (
            <Button
              variant="secondary"
              disabled={dirty}
              title={dirty ? "Save your changes before sending" : undefined}
              onClick={() => onSend(newsletter)}
            >
              <Send aria-hidden="true" />
              Send to All Users
            </Button>
          )
        )}
        {!locked && (
          <Button type="submit" form={`newsletter-form-${newsletter.id}`} disabled={save.isPending}>
            <Save aria-hidden="true" />
            {save.isPending ? "Saving..." : "Save Changes"}
          </Button>
        )}
      </div>
    </div>
  );
}
