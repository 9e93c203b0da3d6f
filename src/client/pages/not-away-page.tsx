import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { paths } from "../../shared/routes";
import { Alert, AlertDescription, AlertTitle } from "../components/ui/alert";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardHeader } from "../components/ui/card";
import { AuthShell } from "../features/auth-shell";
import { matchesApi } from "../lib/api/matches";

const readToken = () => new URLSearchParams(window.location.search).get("token") ?? "";

/**
 * "I'm not away", opened from the e-mail a person gets when a partner reports them away
 * (/not-away?token=…, docs/matches.md). Opening changes nothing (mail scanners open links); only
 * the press does. No sign-in needed: the signed token names the person and the month.
 */
export function NotAwayPage() {
  const [token] = useState(readToken);
  const back = useMutation({ mutationFn: () => matchesApi.sayNotAwayByLink(token) });
  return (
    <AuthShell title="I'm not away">
      <Card>
        <CardHeader>
          <h1 className="text-lg font-semibold leading-tight text-coffee-900">
            Not away this month?
          </h1>
        </CardHeader>
        <CardContent className="space-y-4">
          {token === "" ? (
            <Alert variant="destructive">
              <AlertDescription>
                This link is incomplete. Please use the link from your e-mail.
              </AlertDescription>
            </Alert>
          ) : back.isSuccess ? (
            <Alert variant="success" role="status">
              <AlertTitle>You're back in</AlertTitle>
              <AlertDescription>
                {back.data.message} Your match is on your{" "}
                <Link to={paths.matches}>Matches page</Link>.
              </AlertDescription>
            </Alert>
          ) : (
            <>
              <p className="text-sm text-coffee-800">
                A partner told us you're away this month, so we took you out of this month's coffee
                chat. If you're around after all, press the button: we'll put you back and find you
                a partner if someone is free.
              </p>
              {back.isError ? (
                <Alert variant="destructive">
                  <AlertDescription>{back.error.message}</AlertDescription>
                </Alert>
              ) : null}
              <Button disabled={back.isPending} onClick={() => back.mutate()}>
                {back.isPending ? "Putting you back…" : "I'm not away"}
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </AuthShell>
  );
}
