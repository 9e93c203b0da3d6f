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
import { newslettersApi } from "../../../lib/api/admin-newsletters";
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
import { newsletterFailureToast, refreshNewsletterData } from "./newsletter-queries";

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
      <DialogContent className="max-sm:p-4 sm:max-w-4xl">
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

/** The editor's form and its save (PUT, then the save toast and a refresh). */
function useEditorForm(newsletter: Newsletter) {
  const queryClient = useQueryClient();
  const form = useForm<EditorValues>({
    resolver: editorResolver,
    defaultValues: toFormValues(newsletter),
  });
  const save = useMutation<Newsletter, Error, EditorValues>({
    mutationFn: (values) => newslettersApi.update(newsletter.id, toRequestBody(values)),
    onSuccess: async (saved) => {
      form.reset(toFormValues(saved));
      savedToast(saved);
      await refreshNewsletterData(queryClient);
    },
    onError: (error) =>
      newsletterFailureToast(error, "Error", { fallback: "Failed to save newsletter" }),
  });
  const onSubmit = form.handleSubmit(
    (values) => save.mutate(values),
    (errors) =>
      toast({
        title: "Error",
        description: `Please check the highlighted fields. ${Object.values(errors)[0]?.message ?? ""}`,
        variant: "destructive",
      }),
  );
  return { form, save, onSubmit };
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
  const [mode, setMode] = useState("edit");
  const { form, save, onSubmit } = useEditorForm(newsletter);
  const locked = newsletter.status === "sending" || newsletter.status === "sent";
  const dirty = form.formState.isDirty;
  const period = `${monthName(newsletter.month) ?? newsletter.month} ${newsletter.year}`;
  const formId = `newsletter-form-${newsletter.id}`;

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
          <form noValidate id={formId} onSubmit={onSubmit} aria-busy={save.isPending}>
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
      <EditorActions
        newsletter={newsletter}
        formId={formId}
        dirty={dirty}
        saving={save.isPending}
        onClose={onClose}
        onSend={onSend}
      />
    </div>
  );
}

/** Cancel Edit / Close, Send to All Users (approved only), Newsletter Sent, Save Changes. */
function EditorActions({
  newsletter,
  formId,
  dirty,
  saving,
  onClose,
  onSend,
}: {
  newsletter: Newsletter;
  formId: string;
  dirty: boolean;
  saving: boolean;
  onClose: () => void;
  onSend: (newsletter: Newsletter) => void;
}) {
  const { status } = newsletter;
  return (
    <div className="sticky -bottom-6 -mx-6 -mb-6 flex flex-wrap justify-end gap-2 border-t border-coffee-200 bg-white px-6 pt-3 pb-6 max-sm:-bottom-4 max-sm:-mx-4 max-sm:-mb-4 max-sm:px-4 max-sm:pb-4">
      <Button variant="outline" onClick={onClose}>
        {dirty ? "Cancel Edit" : "Close Editor"}
      </Button>
      {status === "sent" && <Button disabled>Newsletter Sent</Button>}
      {status === "approved" && (
        <Button
          variant="secondary"
          disabled={dirty}
          title={dirty ? "Save your changes before sending" : undefined}
          onClick={() => onSend(newsletter)}
        >
          <Send aria-hidden="true" />
          Send to All Users
        </Button>
      )}
      {status !== "sending" && status !== "sent" && (
        <Button type="submit" form={formId} disabled={saving}>
          <Save aria-hidden="true" />
          {saving ? "Saving..." : "Save Changes"}
        </Button>
      )}
    </div>
  );
}
