import { zodResolver } from "@hookform/resolvers/zod";
import { type AddAdminInput, type AdminAccount, addAdminSchema } from "@shared/admin-accounts";
import { type QueryClient, useQuery } from "@tanstack/react-query";
import { KeyRound, UserPlus } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { FieldError, Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { QueryState } from "../../../components/ui/query-state";
import { toast } from "../../../components/ui/toast";
import { adminAccountKeys, adminAccountsApi } from "../../../lib/api/admin-accounts";
import { errorMessage } from "../../../lib/api-client";
import { redirectIfUnauthorized } from "../../unauthorized";
import { useAdminMutation } from "../use-admin-mutation";

const refreshAdmins = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: adminAccountKeys.list });

/**
 * The install's admins (docs/admin-console.md, "Admins"): add one by e-mail, who gets a
 * set-password link, and send any other admin a new link when they lost their password.
 */
export function AdminsCard() {
  const list = useQuery({
    queryKey: adminAccountKeys.list,
    queryFn: ({ signal }) => adminAccountsApi.list(signal),
  });
  const [linkFor, setLinkFor] = useState<AdminAccount | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Admins</CardTitle>
        <CardDescription>
          Everyone who can open this dashboard. A new admin, or one who lost their password, gets a
          set-password link by e-mail, valid for 24 hours and usable once.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <QueryState query={list} failure="Failed to load the admins">
          {(data) => (
            <ul aria-label="Admins" className="divide-y divide-coffee-100">
              {data.map((admin) => (
                <AdminRow key={admin.id} admin={admin} onSendLink={() => setLinkFor(admin)} />
              ))}
            </ul>
          )}
        </QueryState>
        <AddAdminForm />
      </CardContent>
      {linkFor && <SendLinkDialog admin={linkFor} onClose={() => setLinkFor(null)} />}
    </Card>
  );
}

function AdminRow({ admin, onSendLink }: { admin: AdminAccount; onSendLink: () => void }) {
  const name = [admin.firstName, admin.lastName].filter(Boolean).join(" ");
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium break-all text-coffee-950">
          {admin.email}
          {admin.isYou && <Badge color="blue">You</Badge>}
          {!admin.hasPassword && <Badge color="yellow">Password not set yet</Badge>}
        </p>
        {name && <p className="text-sm text-coffee-700">{name}</p>}
      </div>
      {!admin.isYou && (
        <Button
          variant="outline"
          size="sm"
          aria-label={`Send a password link to ${admin.email}`}
          onClick={onSendLink}
        >
          <KeyRound aria-hidden="true" />
          Send password link
        </Button>
      )}
    </li>
  );
}

function SendLinkDialog({ admin, onClose }: { admin: AdminAccount; onClose: () => void }) {
  const send = useAdminMutation({
    mutationFn: () => adminAccountsApi.sendPasswordLink(admin.id),
    refresh: refreshAdmins,
    reportFailure: (error, fallback) => {
      if (redirectIfUnauthorized(error)) return;
      toast({ variant: "destructive", title: "Error", description: errorMessage(error, fallback) });
    },
    onSuccess: (answer) => {
      onClose();
      toast({ title: "Password link sent", description: answer.message });
    },
    failure: "Failed to send the password link",
  });
  return (
    <ConfirmDialog
      title={`Send a password link to ${admin.email}?`}
      description={
        admin.hasPassword
          ? "They get an e-mail with a link to choose a new password. Their current password keeps working until they use it; then their sessions end."
          : "They get a new e-mail with a link to choose their password."
      }
      confirmLabel={send.isPending ? "Sending..." : "Send Link"}
      pending={send.isPending}
      onConfirm={() => send.mutate()}
      onClose={onClose}
    />
  );
}

function AddAdminForm() {
  const id = useId();
  const form = useForm<AddAdminInput>({
    resolver: zodResolver(addAdminSchema),
    defaultValues: { email: "" },
  });
  const add = useAdminMutation({
    mutationFn: (body: AddAdminInput) => adminAccountsApi.add(body),
    refresh: refreshAdmins,
    reportFailure: (error, fallback) => {
      if (redirectIfUnauthorized(error)) return;
      form.setError(
        "email",
        { type: "server", message: errorMessage(error, fallback) },
        { shouldFocus: true },
      );
    },
    onSuccess: (answer) => {
      form.reset();
      toast({ title: "Admin added", description: answer.message });
    },
    failure: "Failed to add the admin",
  });
  const error = form.formState.errors.email?.message;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => add.mutate(values))}
      className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end"
    >
      <div className="grid gap-2">
        <Label htmlFor={id}>New admin's e-mail</Label>
        <Input
          id={id}
          type="email"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...form.register("email")}
        />
      </div>
      <Button type="submit" disabled={add.isPending}>
        <UserPlus aria-hidden="true" />
        {add.isPending ? "Adding..." : "Add Admin"}
      </Button>
      <FieldError id={`${id}-error`} role="alert" className="sm:col-span-2">
        {error}
      </FieldError>
    </form>
  );
}
