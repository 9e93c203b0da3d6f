import { Download, Trash2 } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card";
import { MY_DATA_URL, privacyApi } from "../../lib/api/privacy";
import type { AuthUser } from "../use-auth";

const ConfirmAddressDialog = lazy(async () => ({
  default: (await import("../../components/ui/confirm-address-dialog")).ConfirmAddressDialog,
}));

/** "Your data": download everything stored about you, or delete your account (docs/privacy.md). */
export function MyDataCard({ user }: { user: AuthUser }) {
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const erase = async (typed: string) => {
    setPending(true);
    setError(null);
    try {
      await privacyApi.deleteMyAccount(typed);
      window.location.assign("/");
    } catch (failure) {
      setError((failure as Error).message);
      setPending(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your data</CardTitle>
        <CardDescription>
          Download everything Cup of Joe stores about you, or delete your account.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        <Button asChild variant="outline">
          <a href={MY_DATA_URL} download>
            <Download aria-hidden="true" />
            Download my data
          </a>
        </Button>
        <Button variant="destructive" onClick={() => setAsking(true)}>
          <Trash2 aria-hidden="true" />
          Delete my account
        </Button>
        {asking && (
          <Suspense fallback={null}>
            <ConfirmAddressDialog
              title="Delete your account?"
              description="Your name, address, photo, bio and sessions are deleted at once and you are signed out. Your current match goes on for your partners; past matches stay counted, with you named “someone who left the programme”. This cannot be undone."
              email={user.email}
              confirmLabel={pending ? "Deleting..." : "Delete my account"}
              pending={pending}
              error={error}
              onConfirm={erase}
              onClose={() => {
                setAsking(false);
                setError(null);
              }}
            />
          </Suspense>
        )}
      </CardContent>
    </Card>
  );
}
