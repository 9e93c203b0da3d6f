import { zodResolver } from "@hookform/resolvers/zod";
import { expectedUsersChoices } from "@shared/enums";
import {
  ADDITIONAL_INFO_MAX,
  COMPANY_NAME_MAX,
  type CompanyInquiry,
  type CompanyInquiryInput,
  companyInquirySchema,
  INQUIRY_SUBMITTED,
  INVALID_EMAIL,
  MISSING_INFORMATION,
  SUBMISSION_FAILED,
} from "@shared/inquiries";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Building2, CircleCheck } from "lucide-react";
import { useState } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import { Link } from "react-router";
import { Button, buttonVariants } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { Input } from "../components/ui/input";
import { Label } from "../components/ui/label";
import { Select } from "../components/ui/select";
import { Textarea } from "../components/ui/textarea";
import { toast } from "../components/ui/toast";
import { PublicShell } from "../features/public-shell";
import { inquiriesApi, inquiriesKeys } from "../lib/api/inquiries";
import { ApiError } from "../lib/api-client";
import { useDocumentTitle } from "../lib/use-document-title";

const empty: CompanyInquiryInput = {
  companyName: "",
  contactEmail: "",
  expectedUsers: "" as CompanyInquiryInput["expectedUsers"],
  additionalInfo: "",
};

/** The toast for a refused submit: any missing field first, then a malformed address. */
function invalidToast(errors: FieldErrors<CompanyInquiryInput>) {
  const messages = Object.values(errors).map((error) => error?.message);
  const first = messages[0];
  toast({
    ...(messages.includes(MISSING_INFORMATION.description)
      ? MISSING_INFORMATION
      : first === INVALID_EMAIL.description
        ? INVALID_EMAIL
        : { title: SUBMISSION_FAILED.title, description: first }),
    variant: "destructive",
  });
}

/** Company inquiry form. */
export function CompanyInquiryPage() {
  useDocumentTitle("Company Inquiry");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const open = useQuery({
    queryKey: inquiriesKeys.open,
    queryFn: ({ signal }) => inquiriesApi.open(signal),
  });
  if (open.data && open.data.open !== true) return <InquiriesClosed />;
  return (
    <PublicShell>
      <div className="mx-auto max-w-2xl space-y-6">
        <div className="space-y-2">
          <h1 className="text-3xl font-bold tracking-tight text-coffee-950">Company Inquiry</h1>
          <p className="text-coffee-700">
            Want monthly coffee chats for your team? Tell us a little about your company and we'll
            be in touch.
          </p>
        </div>
        {sentTo ? (
          <SentCard sentTo={sentTo} onAnother={() => setSentTo(null)} />
        ) : (
          <InquiryForm onSent={setSentTo} />
        )}
      </div>
    </PublicShell>
  );
}

/** On a company's own install there is no one else to ask: the form would reach its own admins. */
function InquiriesClosed() {
  return (
    <PublicShell>
      <div className="mx-auto max-w-2xl space-y-4">
        <h1 className="text-3xl font-bold tracking-tight text-coffee-950">Company Inquiry</h1>
        <p className="text-coffee-700">
          This install of Cup of Joe belongs to one company and takes no inquiries. If you work
          here, sign in with your work e-mail; your company's Cup of Joe admin can help with
          anything else.
        </p>
        <Link to="/auth" className={buttonVariants()}>
          Sign in
        </Link>
      </div>
    </PublicShell>
  );
}

function SentCard({ sentTo, onAnother }: { sentTo: string; onAnother: () => void }) {
  return (
    <Card role="status">
      <CardHeader className="items-center text-center">
        <CircleCheck aria-hidden="true" className="size-10 text-green-700" />
        <CardTitle>{INQUIRY_SUBMITTED}</CardTitle>
        <CardDescription>Thanks for your interest! We'll reply to {sentTo} soon.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap justify-center gap-2">
        <Link to="/" className={buttonVariants()}>
          Back to home
        </Link>
        <Button variant="outline" onClick={onAnother}>
          Send another inquiry
        </Button>
      </CardContent>
    </Card>
  );
}

/** The form, checked with the server's schema; the server's refusal shows in the toast. */
function InquiryForm({ onSent }: { onSent: (contactEmail: string) => void }) {
  const { form, submit } = useInquiryForm(onSent);
  const invalid = (field: keyof CompanyInquiryInput) =>
    form.formState.errors[field] ? true : undefined;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Building2 aria-hidden="true" className="size-5" />
          About your company
        </CardTitle>
        <CardDescription>Fields marked * are required.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={form.handleSubmit((values) => submit.mutate(values), invalidToast)}
          className="space-y-5"
        >
          <div className="space-y-2">
            <Label htmlFor="companyName">Company name *</Label>
            <Input
              id="companyName"
              autoComplete="organization"
              maxLength={COMPANY_NAME_MAX}
              aria-required="true"
              aria-invalid={invalid("companyName")}
              {...form.register("companyName")}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor="contactEmail">Contact email *</Label>
            <Input
              id="contactEmail"
              type="email"
              autoComplete="email"
              maxLength={254}
              aria-required="true"
              aria-invalid={invalid("contactEmail")}
              {...form.register("contactEmail")}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor="expectedUsers">Expected users *</Label>
            <Select
              id="expectedUsers"
              placeholder="Select expected users"
              aria-required="true"
              aria-invalid={invalid("expectedUsers")}
              options={expectedUsersChoices.map((c) => ({ value: c, label: c }))}
              {...form.register("expectedUsers")}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor="additionalInfo">Additional information</Label>
            <Textarea
              id="additionalInfo"
              rows={5}
              maxLength={ADDITIONAL_INFO_MAX}
              aria-describedby="additionalInfo-hint"
              {...form.register("additionalInfo")}
            />
            <p id="additionalInfo-hint" className="text-sm text-coffee-700">
              Optional: offices, teams, timing, or anything else we should know.
            </p>
          </div>
          <Button type="submit" className="w-full sm:w-auto" disabled={submit.isPending}>
            {submit.isPending ? "Submitting..." : "Submit Inquiry"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** The inquiry form and its submission: a toast either way, the form emptied once sent. */
function useInquiryForm(onSent: (contactEmail: string) => void) {
  const form = useForm<CompanyInquiryInput, unknown, CompanyInquiry>({
    resolver: zodResolver(companyInquirySchema),
    defaultValues: empty,
  });
  const submit = useMutation({
    mutationFn: (body: CompanyInquiry) => inquiriesApi.submit(body),
    onSuccess: (_data, body) => {
      toast({
        title: INQUIRY_SUBMITTED,
        description: "Thank you! We'll get back to you soon.",
      });
      form.reset(empty);
      onSent(body.contactEmail);
    },
    onError: (error) => {
      // The server's own words help when they say what to fix (limits, bad fields).
      const specific = error instanceof ApiError && [400, 429].includes(error.status);
      toast({
        title: SUBMISSION_FAILED.title,
        description: specific ? error.message : SUBMISSION_FAILED.description,
        variant: "destructive",
      });
    },
  });
  return { form, submit };
}
