import { zodResolver } from "@hookform/resolvers/zod";
import { Plus } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { FieldError, Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Select } from "../../../components/ui/select";
import { whitelistApi } from "../../../lib/api/admin-whitelist";
import { InviteOffer } from "./invite-offer";
import {
  type AddEmailFormValues,
  addEmailFormSchema,
  chosenGroup,
  domainGroupChoice,
  emailFieldOptions,
  NO_GROUP,
  newEntry,
} from "./whitelist-forms";
import {
  successToast,
  useAllowedEmails,
  useDomainGroups,
  useWhitelistMutation,
} from "./whitelist-queries";

const emptyForm: AddEmailFormValues = { email: "", reason: "", domainGroupId: "" };

export function AddEmailCard() {
  const groups = useDomainGroups();
  const entries = useAllowedEmails();
  const id = useId();
  const form = useForm({ resolver: zodResolver(addEmailFormSchema), defaultValues: emptyForm });
  // The single address just added, to offer its invitation (a `*@domain` names no mailbox).
  const [added, setAdded] = useState<string | null>(null);
  const add = useWhitelistMutation({
    mutationFn: (body: ReturnType<typeof newEntry>) => whitelistApi.addEmail(body),
    onSuccess: (entry, body) => {
      const group = entry.domainGroup ? `, in ${entry.domainGroup.displayName}` : "";
      successToast(`${body.email} was added to the whitelist${group}.`);
      setAdded(body.email.startsWith("*@") ? null : body.email);
      form.reset(emptyForm);
    },
    failure: "Failed to add email",
  });
  const onValid = form.handleSubmit(({ email, reason, domainGroupId }) =>
    add.mutate(newEntry(email, reason ?? "", chosenGroup(domainGroupId))),
  );
  const fieldError = form.formState.errors.email?.message;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Add Email to Whitelist</CardTitle>
        <CardDescription>
          Allow one address, or a whole domain with <code>*@company.com</code>. A specific address
          takes priority over its domain's entry, and is in its domain's group unless you choose
          another group or No group.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onValid} className="grid gap-4 md:grid-cols-2">
          <div className="space-y-2">
            <Label htmlFor={`${id}-email`}>Email or *@domain</Label>
            <Input
              id={`${id}-email`}
              type="text"
              inputMode="email"
              autoComplete="off"
              placeholder="e.g. name@company.com or *@company.com"
              className="placeholder:italic"
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? `${id}-error` : undefined}
              {...form.register("email", emailFieldOptions)}
            />
            <FieldError id={`${id}-error`}>{fieldError}</FieldError>
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${id}-reason`}>Reason (optional)</Label>
            <Input id={`${id}-reason`} {...form.register("reason")} />
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${id}-group`}>Domain group (optional)</Label>
            <Select
              id={`${id}-group`}
              placeholder={domainGroupChoice(form.watch("email"), entries.data)}
              options={[
                { value: NO_GROUP, label: "No group" },
                ...(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.displayName })),
              ]}
              {...form.register("domainGroupId")}
            />
          </div>
          <div className="flex items-end">
            <Button type="submit" disabled={add.isPending} className="w-full md:w-auto">
              <Plus aria-hidden="true" />
              {add.isPending ? "Adding..." : "Add Email"}
            </Button>
          </div>
        </form>
        {added && (
          <div className="mt-4">
            <InviteOffer key={added} emails={[added]} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
