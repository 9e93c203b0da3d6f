import { zodResolver } from "@hookform/resolvers/zod";
import { API_DOCS_PAGE } from "@shared/api";
import {
  type ApiToken,
  type CreateApiTokenInput,
  type CreatedApiToken,
  createApiTokenSchema,
} from "@shared/api-tokens";
import { shortDate } from "@shared/date-text";
import { type QueryClient, useQuery } from "@tanstack/react-query";
import { Copy, KeyRound, Trash2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
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
import { Select } from "../../../components/ui/select";
import { toast } from "../../../components/ui/toast";
import { apiTokenKeys, apiTokensApi } from "../../../lib/api/api-tokens";
import { errorMessage } from "../../../lib/api-client";
import { redirectIfUnauthorized } from "../../unauthorized";
import { useAdminMutation } from "../use-admin-mutation";
import { useCompanyTimeZone } from "../use-company-time-zone";

const refreshTokens = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: apiTokenKeys.list });
const scopeLabel = { read: "Read-only", admin: "Admin" } as const;

/**
 * API tokens for HR scripts and BI tools (docs/api.md, "API tokens"): create one with a name,
 * a scope and an expiry, see its secret once, and revoke it.
 */
export function ApiTokensCard() {
  const list = useQuery({
    queryKey: apiTokenKeys.list,
    queryFn: ({ signal }) => apiTokensApi.list(signal),
  });
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>API tokens</CardTitle>
        <CardDescription>
          For scripts that read or run the admin API without a browser (Authorization: Bearer …). A
          read-only token may only read; an admin token acts as you. The API's document is at{" "}
          <a className="underline" href={API_DOCS_PAGE}>
            {API_DOCS_PAGE}
          </a>
          .
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {created && <NewSecret created={created} onDone={() => setCreated(null)} />}
        <QueryState query={list} failure="Failed to load the API tokens">
          {(tokens) =>
            tokens.length === 0 ? (
              <p className="text-sm text-coffee-700">No API tokens yet.</p>
            ) : (
              <ul aria-label="API tokens" className="divide-y divide-coffee-100">
                {tokens.map((token) => (
                  <TokenRow key={token.id} token={token} onRevoke={() => setRevoking(token)} />
                ))}
              </ul>
            )
          }
        </QueryState>
        <CreateTokenForm onCreated={setCreated} />
      </CardContent>
      {revoking && (
        <RevokeDialog
          token={revoking}
          onClose={() => setRevoking(null)}
          // A revoked token's secret is of no use: it leaves the screen with the token.
          onRevoked={() => setCreated((shown) => (shown?.token.id === revoking.id ? null : shown))}
        />
      )}
    </Card>
  );
}

/** The secret on the clipboard; without the clipboard API (plain http), selected for a copy. */
async function copySecret(secret: string, field: HTMLElement | null) {
  try {
    await navigator.clipboard.writeText(secret);
    toast({ title: "Token copied", description: "The token is on your clipboard." });
  } catch {
    if (field) window.getSelection()?.selectAllChildren(field);
    toast({ title: "Token selected", description: "Press Ctrl+C (or ⌘C) to copy it." });
  }
}

function NewSecret({ created, onDone }: { created: CreatedApiToken; onDone: () => void }) {
  const field = useRef<HTMLElement>(null);
  return (
    <Alert variant="success">
      <AlertTitle>Copy the token '{created.token.name}' now</AlertTitle>
      <AlertDescription className="grid gap-2">
        <p>It is shown only this once; Cup of Joe keeps only a fingerprint of it.</p>
        <code
          ref={field}
          data-testid="new-api-token"
          className="break-all rounded bg-white p-2 text-sm"
        >
          {created.secret}
        </code>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() => void copySecret(created.secret, field.current)}
          >
            <Copy aria-hidden="true" />
            Copy
          </Button>
          <Button variant="outline" size="sm" onClick={onDone}>
            I have copied it
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}

function TokenRow({ token, onRevoke }: { token: ApiToken; onRevoke: () => void }) {
  // Expired by the server's clock, which refuses the token, not the browser's.
  const expired = !token.revokedAt && token.expired;
  const live = !token.revokedAt && !expired;
  const zone = useCompanyTimeZone();
  const day = (iso: string) => shortDate(iso, zone, { year: true });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-coffee-950">
          {token.name}
          <Badge color={token.scope === "admin" ? "brown" : "blue"}>
            {scopeLabel[token.scope]}
          </Badge>
          {token.revokedAt && <Badge color="red">Revoked {day(token.revokedAt)}</Badge>}
          {expired && <Badge color="grey">Expired</Badge>}
        </p>
        <p className="text-sm text-coffee-700">
          {token.start}… · by {token.createdBy ?? "a former admin"} · expires {day(token.expiresAt)}
          {token.lastUsedAt ? ` · last used ${day(token.lastUsedAt)}` : " · never used"}
        </p>
      </div>
      {live && (
        <Button variant="outline" size="sm" aria-label={`Revoke ${token.name}`} onClick={onRevoke}>
          <Trash2 aria-hidden="true" />
          Revoke
        </Button>
      )}
    </li>
  );
}

function RevokeDialog({
  token,
  onClose,
  onRevoked,
}: {
  token: ApiToken;
  onClose: () => void;
  onRevoked: () => void;
}) {
  const revoke = useAdminMutation({
    mutationFn: () => apiTokensApi.revoke(token.id),
    refresh: refreshTokens,
    reportFailure: (error, fallback) => {
      if (redirectIfUnauthorized(error)) return;
      toast({ variant: "destructive", title: "Error", description: errorMessage(error, fallback) });
    },
    onSuccess: () => {
      onRevoked();
      onClose();
      toast({ title: "Token revoked", description: `'${token.name}' no longer works.` });
    },
    failure: "Failed to revoke the token",
  });
  return (
    <ConfirmDialog
      title={`Revoke the API token '${token.name}'?`}
      description="Every script using it is refused from its next request. This cannot be undone."
      confirmLabel={revoke.isPending ? "Revoking..." : "Revoke"}
      pending={revoke.isPending}
      onConfirm={() => revoke.mutate()}
      onClose={onClose}
    />
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (created: CreatedApiToken) => void }) {
  const id = useId();
  const form = useForm<CreateApiTokenInput>({
    resolver: zodResolver(createApiTokenSchema),
    defaultValues: { name: "", scope: "read", expiresInDays: 90 },
  });
  const create = useAdminMutation({
    mutationFn: (body: CreateApiTokenInput) => apiTokensApi.create(body),
    refresh: refreshTokens,
    reportFailure: (error, fallback) => {
      if (redirectIfUnauthorized(error)) return;
      form.setError("name", { type: "server", message: errorMessage(error, fallback) });
    },
    onSuccess: (answer) => {
      form.reset();
      onCreated(answer);
    },
    failure: "Failed to create the token",
  });
  const errors = form.formState.errors;
  const error = errors.name?.message ?? errors.scope?.message ?? errors.expiresInDays?.message;
  return (
    <form
      noValidate
      aria-label="New API token"
      onSubmit={form.handleSubmit((values) => create.mutate(values))}
      className="grid gap-2 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end"
    >
      <div className="grid gap-2">
        <Label htmlFor={`${id}-name`}>Token name</Label>
        <Input id={`${id}-name`} autoComplete="off" {...form.register("name")} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-scope`}>Scope</Label>
        <Select
          id={`${id}-scope`}
          options={[
            { value: "read", label: "Read-only" },
            { value: "admin", label: "Admin" },
          ]}
          {...form.register("scope")}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-days`}>Expires in days</Label>
        <Input
          id={`${id}-days`}
          type="number"
          min={1}
          max={365}
          {...form.register("expiresInDays", { valueAsNumber: true })}
        />
      </div>
      <Button type="submit" disabled={create.isPending}>
        <KeyRound aria-hidden="true" />
        {create.isPending ? "Creating..." : "Create Token"}
      </Button>
      <FieldError role="alert" className="sm:col-span-4">
        {error}
      </FieldError>
    </form>
  );
}
