import { zodResolver } from "@hookform/resolvers/zod";
import { type SendTestResponse, sendTestBodySchema } from "@shared/newsletters";
import { useMutation } from "@tanstack/react-query";
import { Send } from "lucide-react";
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import { Button } from "../../../components/ui/button";
import { FieldError, Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { toast } from "../../../components/ui/toast";
import { newslettersApi } from "../../../lib/api/admin-newsletters";
import { useAuth } from "../../use-auth";
import { newsletterFailureToast } from "./newsletter-queries";

const testAddressSchema = sendTestBodySchema.pick({ testEmail: true });

/**
 * "Send test": one real e-mail of the saved newsletter to the admin (or an address they type),
 * showing the e-mail of the person last previewed, or the test address's own when none was.
 */
export function TestSendForm({
  newsletterId,
  previewAs,
}: {
  newsletterId: number;
  previewAs: string | undefined;
}) {
  const id = useId();
  const { user } = useAuth();
  const form = useForm({
    resolver: zodResolver(testAddressSchema),
    defaultValues: { testEmail: user?.email ?? "" },
  });
  const own = user?.email;
  useEffect(() => {
    if (own && !form.getValues("testEmail")) form.setValue("testEmail", own);
  }, [own, form]);
  const error = form.formState.errors.testEmail?.message;
  const send = useMutation<SendTestResponse, Error, string>({
    mutationFn: (testEmail) => newslettersApi.sendTest(newsletterId, { testEmail, previewAs }),
    onSuccess: (answer) => toast({ title: "Test Sent", description: answer.message }),
    onError: (failure) =>
      newsletterFailureToast(failure, "Test Not Sent", { fallback: "Failed to send the test" }),
  });
  return (
    <form
      noValidate
      aria-label="Send test"
      onSubmit={form.handleSubmit((values) => send.mutate(values.testEmail))}
      className="grid gap-2 rounded-lg border border-coffee-200 p-3 sm:grid-cols-[1fr_auto] sm:items-end"
    >
      <div className="grid min-w-0 gap-2">
        <Label htmlFor={id}>Send a test to</Label>
        <Input
          id={id}
          type="email"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          {...form.register("testEmail")}
        />
      </div>
      <Button type="submit" variant="secondary" disabled={send.isPending}>
        <Send aria-hidden="true" />
        {send.isPending ? "Sending test..." : "Send test"}
      </Button>
      <p id={`${id}-hint`} className="text-sm text-coffee-700 sm:col-span-2">
        {previewAs
          ? `The test shows the e-mail ${previewAs} receives, marked [Test]. Nobody else gets anything.`
          : "The test shows the e-mail this address would receive, marked [Test]. Preview a colleague first to send their version. Nobody else gets anything."}
      </p>
      <FieldError id={`${id}-error`} className="sm:col-span-2">
        {error}
      </FieldError>
    </form>
  );
}
