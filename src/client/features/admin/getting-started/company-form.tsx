import { zodResolver } from "@hookform/resolvers/zod";
import { type CompanySettings, companySettingsSchema } from "@shared/company";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import { Button } from "../../../components/ui/button";
import { FieldError, Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { toast } from "../../../components/ui/toast";
import { companyApi, companyKeys } from "../../../lib/api/admin-company";
import { errorMessage } from "../../../lib/api-client";

/**
 * The company's name, the contact address its public pages show, and whether the public landing
 * page may show its live figures (off until an admin turns it on: anyone can read that page).
 */
export function CompanyForm() {
  const id = useId();
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: companyKeys.settings,
    queryFn: ({ signal }) => companyApi.settings(signal),
  });
  const form = useForm<CompanySettings>({
    resolver: zodResolver(companySettingsSchema),
    defaultValues: { name: "", showPublicFigures: false, contactEmail: "" },
  });
  useEffect(() => {
    if (current.data) form.reset(current.data);
  }, [current.data, form]);
  const save = useMutation({
    mutationFn: (body: CompanySettings) => companyApi.save(body),
    onSuccess: async (saved) => {
      queryClient.setQueryData(companyKeys.settings, saved);
      toast({ title: "Company saved", description: `Saved ${saved.name || "the settings"}.` });
      await queryClient.invalidateQueries({ queryKey: companyKeys.gettingStarted });
    },
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Error",
        description: errorMessage(error, "Failed to save"),
      }),
  });
  const error = form.formState.errors.name?.message;
  const contactError = form.formState.errors.contactEmail?.message;
  return (
    <form
      noValidate
      aria-label="Company"
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      className="grid gap-3"
    >
      {/* Until the saved settings arrive, typing would be wiped by them: the fields wait (a failed
      load leaves them open, empty). */}
      <fieldset disabled={current.isPending} className="contents">
        <div className="grid gap-2">
          <Label htmlFor={id}>Company name</Label>
          <Input
            id={id}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            {...form.register("name")}
          />
          <FieldError id={`${id}-error`}>{error}</FieldError>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-contact`}>Contact address on the public pages (optional)</Label>
          <Input
            id={`${id}-contact`}
            type="email"
            aria-invalid={contactError ? true : undefined}
            aria-describedby={`${id}-contact-help${contactError ? ` ${id}-contact-error` : ""}`}
            {...form.register("contactEmail")}
          />
          <p id={`${id}-contact-help`} className="text-sm text-coffee-700">
            Where colleagues write with questions, e.g. your HR mailbox. Empty: no contact link.
          </p>
          <FieldError id={`${id}-contact-error`}>{contactError}</FieldError>
        </div>
        <label className="flex items-start gap-2 text-sm text-coffee-800">
          <input
            type="checkbox"
            className="mt-0.5 size-4"
            {...form.register("showPublicFigures")}
          />
          <span>
            Show how many people take part and how many chats happened on the public landing page
            (anyone can read it; off by default).
          </span>
        </label>
        <Button type="submit" size="sm" className="justify-self-start" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save company"}
        </Button>
      </fieldset>
    </form>
  );
}
