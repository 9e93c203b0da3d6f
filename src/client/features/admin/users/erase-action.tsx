import type { AdminUser } from "@shared/admin-users";
import { personName } from "@shared/person-name";
import { lazy, Suspense, useState } from "react";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";
import { privacyApi } from "../../../lib/api/privacy";
import { refreshPairingData } from "../pairings/pairing-queries";
import { useAdminMutation } from "../use-admin-mutation";
import { failureToast } from "../whitelist/whitelist-queries";
import { refreshUserData } from "./users-queries";

const ConfirmAddressDialog = lazy(async () => ({
  default: (await import("../../../components/ui/confirm-address-dialog")).ConfirmAddressDialog,
}));

/**
 * Erase, for a person's request made by other means (docs/privacy.md): confirmed by typing their
 * address; their history stays as "someone who left the programme" (docs/privacy.md).
 */
export function EraseButton({ user }: { user: AdminUser }) {
  const [asking, setAsking] = useState(false);
  const erase = useAdminMutation({
    mutationFn: (typed: string) => privacyApi.erasePerson(user.id, typed),
    onSuccess: (result) => {
      setAsking(false);
      toast({ title: "Erased", description: result.message });
    },
    failure: "Failed to erase the person",
    refresh: (client) => {
      refreshPairingData(client);
      return refreshUserData(client);
    },
    reportFailure: failureToast,
  });
  const name = personName(user);
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setAsking(true)}>
        Erase
        <span className="sr-only"> {name}</span>
      </Button>
      {asking && (
        <Suspense fallback={null}>
          <ConfirmAddressDialog
            title={`Erase ${name}?`}
            description={`Their name, address, photo, bio and sessions are deleted at once, and every copy of their address in send logs and records. They leave the current pairing as with a deactivation. Past matches stay counted, naming them “someone who left the programme” (or “a former colleague” if they were deactivated or removed from the whitelist first). This cannot be undone.`}
            email={user.email}
            confirmLabel={erase.isPending ? "Erasing..." : "Erase"}
            pending={erase.isPending}
            onConfirm={(typed) => erase.mutate(typed)}
            onClose={() => setAsking(false)}
          />
        </Suspense>
      )}
    </>
  );
}
