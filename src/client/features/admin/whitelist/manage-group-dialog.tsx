import { zodResolver } from "@hookform/resolvers/zod";
import type { AllowedEmail, DomainGroup } from "@shared/whitelist";
import { Plus, X } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { FieldError, Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { whitelistApi } from "../../../lib/api/admin-whitelist";
import {
  emailFieldOptions,
  type GroupEmailFormValues,
  groupEmailFormSchema,
  newEntry,
} from "./whitelist-forms";
import { successToast, useAllowedEmails, useWhitelistMutation } from "./whitelist-queries";

/** Adds e-mails to one group and lists (and unassigns) its members. */
export function ManageGroupDialog({
  group,
  onClose,
}: {
  group: DomainGroup | null;
  onClose: () => void;
}) {
  const entries = useAllowedEmails();
  const form = useForm<GroupEmailFormValues>({
    resolver: zodResolver(groupEmailFormSchema),
    defaultValues: { email: "" },
  });
  const fieldError = form.formState.errors.email?.message;
  const id = useId();
  const members = group ? (entries.data ?? []).filter((e) => e.domainGroupId === group.id) : [];

  const addToGroup = useWhitelistMutation({
    mutationFn: async (value: string) => {
      if (!group) return;
      const existing = entries.data?.find((e) => e.email === value);
      if (existing) await whitelistApi.assignEmail(existing.id, group.id);
      else await whitelistApi.addEmail(newEntry(value, `Added to ${group.displayName}`, group.id));
    },
    onSuccess: (_data, value) => {
      successToast(`${value} was added to ${group?.displayName ?? "the group"}.`);
      form.reset({ email: "" });
    },
    failure: "Failed to add email to group",
  });

  const unassign = useWhitelistMutation({
    mutationFn: (entry: AllowedEmail) => whitelistApi.assignEmail(entry.id, null),
    failure: "Failed to update email assignment",
  });

  return (
    <Dialog open={group !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Manage {group?.displayName}</DialogTitle>
          <DialogDescription>Add e-mails to this group or remove them from it.</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          onSubmit={form.handleSubmit(({ email }) => addToGroup.mutate(email))}
          className="space-y-2"
        >
          <Label htmlFor={`${id}-email`}>Email or *@domain</Label>
          <div className="flex gap-2">
            <Input
              id={`${id}-email`}
              inputMode="email"
              autoComplete="off"
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? `${id}-error` : undefined}
              {...form.register("email", emailFieldOptions)}
            />
            <Button type="submit" disabled={addToGroup.isPending}>
              <Plus aria-hidden="true" />
              Add
            </Button>
          </div>
          <FieldError id={`${id}-error`}>{fieldError}</FieldError>
        </form>
        <GroupMembers members={members} onUnassign={(entry) => unassign.mutate(entry)} />
      </DialogContent>
    </Dialog>
  );
}

/** The group's members, each with a button that takes it out of the group. */
function GroupMembers({
  members,
  onUnassign,
}: {
  members: AllowedEmail[];
  onUnassign: (entry: AllowedEmail) => void;
}) {
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-coffee-900">
        Emails in this group ({members.length})
      </h3>
      {members.length === 0 ? (
        <p className="text-sm text-coffee-700">No emails in this group yet.</p>
      ) : (
        <ul className="max-h-64 space-y-1 overflow-y-auto">
          {members.map((entry) => (
            <li
              key={entry.id}
              className="flex items-center justify-between gap-2 rounded-md bg-coffee-50 px-3 py-1"
            >
              <span className="min-w-0 text-sm break-all text-coffee-900">{entry.email}</span>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove ${entry.email} from this group`}
                onClick={() => onUnassign(entry)}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
