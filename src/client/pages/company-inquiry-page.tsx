import { expectedUsersChoices } from "@shared/enums";
import {
  ADDITIONAL_INFO_MAX,
  COMPANY_NAME_MAX,
  type CompanyInquiryInput,
  companyInquirySchema,
  INQUIRY_SUBMITTED,
  INVALID_EMAIL,
  MISSING_INFORMATION,
  SUBMISSION_FAILED,
} from "@shared/inquiries";
import { useMutation } from "@tanstack/react-query";
import { Building2, CircleCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { Button, buttonVariants } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { Input } from "../components/ui/input";
import { Label } from "../components/ui/label";
import { Select } from "../components/ui/select";
import { Textarea } from "../components/ui/textarea";
import { toast } from "../components/ui/toast";
import { PublicShell } from "../features/public-shell";
import { inquiriesApi } from "../lib/api/inquiries";
import { ApiError } from "../lib/api-client";
import { useDocumentTitle } from "../lib/use-document-title";

const empty = { companyName: "", contactEmail: "", expectedUsers: "", additionalInfo: "" };
type FormValues = typeof empty;

/** Company inquiry form. */
export function CompanyInquiryPage() {
  useDocumentTitle("Company Inquiry");
  const [values, setValues] = useState<FormValues>(empty);
  const [invalid, setInvalid] = useState<Partial<Record<keyof FormValues, boolean>>>({});
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = useMutation({
    mutationFn: (body: CompanyInquiryInput) => inquiriesApi.submit(body),
    onSuccess: (_data, body) => {
      toast({
        title: INQUIRY_SUBMITTED,
        description: "Thank you! We'll get back to you soon.",
      });
      setSentTo(body.contactEmail.trim().toLowerCase());
      setValues(empty);
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

  const set = (field: keyof FormValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setInvalid((i) => ({ ...i, [field]: false }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = companyInquirySchema.safeParse(values);
    if (!parsed.success) {
      // The shared schema's messages: any missing field first, then a malformed address.
      const issues = parsed.error.issues;
      const missing = issues.filter((i) => i.message === MISSING_INFORMATION.description);
      const shown = missing.length > 0 ? missing : issues.slice(0, 1);
      setInvalid(Object.fromEntries(shown.map((i) => [String(i.path[0]), true])));
      toast({
        ...(missing.length > 0
          ? MISSING_INFORMATION
          : issues[0].message === INVALID_EMAIL.description
            ? INVALID_EMAIL
            : { title: SUBMISSION_FAILED.title, description: issues[0].message }),
        variant: "destructive",
      });
      return;
    }
    submit.mutate(parsed.data);
  };

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
          <Card role="status">
            <CardHeader className="items-center text-center">
              <CircleCheck aria-hidden="true" className="size-10 text-green-700" />
              <CardTitle>{INQUIRY_SUBMITTED}</CardTitle>
              <CardDescription>
                Thanks for your interest! We'll reply to {sentTo} soon.
              </CardDescription>
            </CardHeader>
            <CardContent className="flex flex-wrap justify-center gap-2">
              <Link to="/" className={buttonVariants()}>
                Back to home
              </Link>
              <Button variant="outline" onClick={() => setSentTo(null)}>
                Send another inquiry
              </Button>
            </CardContent>
          </Card>
        ) : (
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <Building2 aria-hidden="true" className="size-5" />
                About your company
              </CardTitle>
              <CardDescription>Fields marked * are required.</CardDescription>
            </CardHeader>
            <CardContent>
              <form noValidate onSubmit={onSubmit} className="space-y-5">
                <div className="space-y-2">
                  <Label htmlFor="companyName">Company name *</Label>
                  <Input
                    id="companyName"
                    name="companyName"
                    autoComplete="organization"
                    maxLength={COMPANY_NAME_MAX}
                    aria-required="true"
                    aria-invalid={invalid.companyName || undefined}
                    value={values.companyName}
                    onChange={(e) => set("companyName")(e.target.value)}
                  />
                </div>
                <div className="space-y-2">
                  <Label htmlFor="contactEmail">Contact email *</Label>
                  <Input
                    id="contactEmail"
                    name="contactEmail"
                    type="email"
                    autoComplete="email"
                    maxLength={254}
                    aria-required="true"
                    aria-invalid={invalid.contactEmail || undefined}
                    value={values.contactEmail}
                    onChange={(e) => set("contactEmail")(e.target.value)}
                  />
                </div>
                <div className="space-y-2">
                  <Label htmlFor="expectedUsers">Expected users *</Label>
                  <Select
                    id="expectedUsers"
                    name="expectedUsers"
                    placeholder="Select expected users"
                    aria-required="true"
                    aria-invalid={invalid.expectedUsers || undefined}
                    options={expectedUsersChoices.map((c) => ({ value: c, label: c }))}
                    value={values.expectedUsers}
                    onChange={(e) => set("expectedUsers")(e.target.value)}
                  />
                </div>
                <div className="space-y-2">
                  <Label htmlFor="additionalInfo">Additional information</Label>
                  <Textarea
                    id="additionalInfo"
                    name="additionalInfo"
                    rows={5}
                    maxLength={ADDITIONAL_INFO_MAX}
                    aria-describedby="additionalInfo-hint"
                    value={values.additionalInfo}
                    onChange={(e) => set("additionalInfo")(e.target.value)}
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
        )}
      </div>
    </PublicShell>
  );
}
