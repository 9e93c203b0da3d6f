import type { AdminUser } from "@shared/admin-users";
import { joinNames } from "@shared/matches";
import { personName } from "@shared/person-name";
import { lazy, Suspense } from "react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";
import { adminUsersApi } from "../../../lib/api/admin-users";
import { refreshPairingData } from "../pairings/pairing-queries";
import { useAdminMutation } from "../use-admin-mutation";
import { failureToast } from "../whitelist/whitelist-queries";
import { EraseButton } from "./erase-action";
import { refreshUserData } from "./users-queries";

const ConfirmDialog = lazy(async () => ({
  default: (await import("../../../components/ui/confirm-dialog")).ConfirmDialog,
}));

/**
 * "Deactivated" beside a deactivated person's name, and "Managed by SCIM" beside a person the
 * company's identity provider manages (docs/provisioning.md).
 */
export function DeactivatedBadge({ user }: { user: AdminUser }) {
  return (
    <>
      {user.isActive ? null : <Badge color="red">Deactivated</Badge>}
      {user.scimManaged ? (
        <Badge title="Address and active state are set by your identity provider">
          Managed by SCIM
        </Badge>
      ) : null}
    </>
  );
}

/**
 * Deactivate or Reactivate for one row; admin accounts belong to the operator and SCIM-managed
 * people to the identity provider, so they get none.
 */
export function AccountButton({ user, onAsk }: { user: AdminUser; onAsk: () => void }) {
  if (user.isAdmin || user.scimManaged) return null;
  return (
    <>
      <Button size="sm" variant="outline" onClick={onAsk}>
        {user.isActive ? "Deactivate" : "Reactivate"}
        <span className="sr-only"> {personName(user)}</span>
      </Button>
      <EraseButton user={user} />
    </>
  );
}

/** Deactivating or reactivating an account, after a confirmation that says what it does. */
export function useAccountChange(onDone: () => void) {
  return useAdminMutation({
    mutationFn: (user: AdminUser) => adminUsersApi.setActive(user.id, !user.isActive),
    onSuccess: (result) => {
      onDone();
      toast({ title: "Success", description: result.message });
    },
    onError: onDone,
    failure: "Failed to change the account",
    refresh: (client) => {
      refreshPairingData(client);
      return refreshUserData(client);
    },
    reportFailure: failureToast,
  });
}

/**
 * What deactivating does to the person's current match (docs/matches.md, "When a match changes"):
 * a match of four goes on as a trio, a trio as a pair, a pair's partner is re-paired when someone
 * is free, else left for a re-pair; everyone whose partner changes is told.
 */
export function leavingText(user: Pick<AdminUser, "currentMatch">): string {
  const partners = user.currentMatch?.partners ?? [];
  if (partners.length === 0) return "";
  return partners.length === 1
    ? `They leave the current pairing: ${partners[0]} is re-paired at once if someone is free, otherwise left without a partner for you to re-pair under Operations, and is told by e-mail. `
    : `They leave the current pairing: ${joinNames(partners)} go on as ${partners.length === 2 ? "a pair" : "a group of three"} and are told by e-mail. `;
}

export function AccountConfirmDialog({
  user,
  pending,
  onConfirm,
  onClose,
}: {
  user: AdminUser;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const name = personName(user);
  const texts = user.isActive
    ? {
        title: `Deactivate ${name}?`,
        description: `${name} is signed out everywhere at once and can no longer sign in. ${leavingText(user)}No e-mail goes to ${name}, newsletters included, until you reactivate the account.`,
        confirmLabel: pending ? "Deactivating..." : "Deactivate",
      }
    : {
        title: `Reactivate ${name}?`,
        description: `${name} can sign in again and is paired from the next generation on.`,
        confirmLabel: pending ? "Reactivating..." : "Reactivate",
      };
  return (
    <Suspense fallback={null}>
      <ConfirmDialog
        {...texts}
        pending={pending}
        destructive={user.isActive}
        onConfirm={onConfirm}
        onClose={onClose}
      />
    </Suspense>
  );
}
