import type { UseMutationResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Alert, AlertDescription, AlertTitle } from "../components/ui/alert";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardHeader } from "../components/ui/card";
import { AuthShell } from "./auth-shell";

/**
 * A page opened from an e-mail's signed link that does one thing on one press (not away, book a
 * time): opening it changes nothing, since mail scanners open links. An incomplete link, the
 * press's refusal and its success look the same on each; the page gives its words.
 */
export function OnePressLinkCard<T extends { message: string }>({
  title,
  heading = title,
  complete,
  press,
  intro,
  buttonLabel,
  pendingLabel,
  successTitle,
  successNote,
  settled,
}: {
  title: string;
  /** The card's heading, when it is not the page's title. */
  heading?: string;
  /** The link carries what the press needs. */
  complete: boolean;
  press: UseMutationResult<T, Error, void>;
  intro: ReactNode;
  buttonLabel: string;
  pendingLabel: string;
  successTitle: (answer: T) => ReactNode;
  /** After the server's message in the success alert. */
  successNote: ReactNode;
  /** Shown instead of the intro and the button: nothing to press (yet, or any more). */
  settled?: ReactNode;
}) {
  return (
    <AuthShell title={title}>
      <Card>
        <CardHeader>
          <h1 className="text-lg font-semibold leading-tight text-coffee-900">{heading}</h1>
        </CardHeader>
        <CardContent className="space-y-4">
          {!complete ? (
            <Alert variant="destructive">
              <AlertDescription>
                This link is incomplete. Please use the link from your e-mail.
              </AlertDescription>
            </Alert>
          ) : press.isSuccess ? (
            <Alert variant="success" role="status">
              <AlertTitle>{successTitle(press.data)}</AlertTitle>
              <AlertDescription>
                {press.data.message} {successNote}
              </AlertDescription>
            </Alert>
          ) : settled ? (
            settled
          ) : (
            <>
              <p className="text-sm text-coffee-800">{intro}</p>
              {press.isError ? (
                <Alert variant="destructive">
                  <AlertDescription>{press.error.message}</AlertDescription>
                </Alert>
              ) : null}
              <Button disabled={press.isPending} onClick={() => press.mutate()}>
                {press.isPending ? pendingLabel : buttonLabel}
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </AuthShell>
  );
}
