import { whitelistEmailSchema } from "@shared/whitelist";
import { Plus } from "lucide-react";
import { useId, useState } from "react";
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
import { apiRequest } from "../../../lib/api-client";
import { useEmailForm } from "../../email-field";
import { domainOf, successToast, useDomainGroups, useWhitelistMutation } from "./whitelist-queries";

/** Checks the whitelist form's e-mail; undefined when fine. */
export function whitelistEmailError(email: string): string | undefined {
  return whitelistEmailSchema.safeParse(email).error?.issues[0]?.message;
}

export function AddEmailCard() {
  const groups = useDomainGroups();
  const { email, setEmail, fieldError, onSubmit } = useEmailForm(whitelistEmailError, (value) =>
    add.mutate({
      email: value,
      domain: domainOf(value),
      reason: reason.trim(),
      domainGroupId: groupId ? Number(groupId) : null,
    }),
  );
  const [reason, setReason] = useState("");
  const [groupId, setGroupId] = useState("");
  const id = useId();

  const add = useWhitelistMutation({
    mutationFn: (body: {
      email: string;
      domain: string;
      reason: string;
      domainGroupId: number | null;
    }) => apiRequest("POST", "/api/admin/allowed-emails", body),
    onSuccess: (_data, body) => {
      successToast(`${body.email} was added to the whitelist.`);
      setEmail("");
      setReason("");
      setGroupId("");
    },
    failure: "Failed to add email",
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Add Email to Whitelist</CardTitle>
        <CardDescription>
          Allow one address, or a whole domain with <code>*@company.com</code>. A specific address
          takes priority over its domain's entry.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4 md:grid-cols-2">
          <div className="space-y-2">
            <Label htmlFor={`${id}-email`}>Email or *@domain</Label>
            <Input
              id={`${id}-email`}
              type="text"
              inputMode="email"
              autoComplete="off"
              placeholder="e.g. name@company.com or *@company.com"
              className="placeholder:italic"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? `${id}-error` : undefined}
            />
            <FieldError id={`${id}-error`}>{fieldError}</FieldError>
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${id}-reason`}>Reason (optional)</Label>
            <Input id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value)} />
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${id}-group`}>Domain group (optional)</Label>
            <Select
              id={`${id}-group`}
              value={groupId}
              onChange={(e) => setGroupId(e.target.value)}
              placeholder="No group"
              options={(groups.data ?? []).map((g) => ({
                value: String(g.id),
                label: g.displayName,
              }))}
            />
          </div>
          <div className="flex items-end">
            <Button type="submit" disabled={add.isPending} className="w-full md:w-auto">
              <Plus aria-hidden="true" />
              {add.isPending ? "Adding..." : "Add Email"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
