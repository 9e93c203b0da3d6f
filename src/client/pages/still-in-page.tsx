import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import type { StillInChoice } from "../../shared/check-in-answers";
import { paths } from "../../shared/routes";
import { Alert, AlertDescription, AlertTitle } from "../components/ui/alert";
import { Button, type ButtonVariant } from "../components/ui/button";
import { Card, CardContent, CardHeader } from "../components/ui/card";
import { AuthShell } from "../features/auth-shell";
import { TokenLinkState } from "../features/token-link-state";
import { checkInKeys, checkInsApi } from "../lib/api/check-ins";

const readToken = () => new URLSearchParams(window.location.search).get("token") ?? "";

const choices: Array<{ choice: StillInChoice; label: string; variant: ButtonVariant }> = [
  { choice: "stay_in", label: "Yes, keep me in", variant: "default" },
  { choice: "pause", label: "Pause for three months", variant: "secondary" },
  { choice: "opt_out", label: "Opt out", variant: "outline" },
];

/**
 * "Still up for coffee chats?" opened from its e-mail (/still-in?token=…, docs/check-ins.md).
 * Opening records nothing; only a press does. No sign-in needed.
 */
export function StillInPage() {
  const [token] = useState(readToken);
  const view = useQuery({
    queryKey: checkInKeys.stillIn(token),
    queryFn: ({ signal }) => checkInsApi.stillIn(token, signal),
    enabled: token !== "",
    retry: false,
  });
  const answer = useMutation({
    mutationFn: (choice: StillInChoice) => checkInsApi.answerStillIn(token, choice),
  });

  return (
    <AuthShell title="Still up for coffee chats?">
      <Card>
        <CardHeader>
          <h1 className="text-lg font-semibold leading-tight text-coffee-900">
            Still up for coffee chats?
          </h1>
        </CardHeader>
        <CardContent className="space-y-4">
          <TokenLinkState
            token={token}
            incompleteMessage="This link is incomplete. Please use the link from your e-mail."
            view={view}
          >
            {(data) =>
              answer.isSuccess ? (
                <Alert variant="success" role="status">
                  <AlertTitle>Thanks for telling us</AlertTitle>
                  <AlertDescription>{answer.data.message}</AlertDescription>
                </Alert>
              ) : data.choice ? (
                <p className="text-sm text-coffee-800">
                  You have already answered. You can change your participation on your{" "}
                  <Link to={paths.profile}>profile</Link>.
                </p>
              ) : (
                <>
                  <p className="text-sm text-coffee-800">
                    {data.firstName ? `Hi ${data.firstName}, w` : "W"}e have not heard from you
                    about your last three coffee chats. Until you choose, you are left out of the
                    next rounds.
                  </p>
                  {answer.isError ? (
                    <Alert variant="destructive">
                      <AlertDescription>{answer.error.message}</AlertDescription>
                    </Alert>
                  ) : null}
                  <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
                    {choices.map(({ choice, label, variant }) => (
                      <Button
                        key={choice}
                        variant={variant}
                        disabled={answer.isPending}
                        onClick={() => answer.mutate(choice)}
                      >
                        {answer.isPending && answer.variables === choice ? "Saving..." : label}
                      </Button>
                    ))}
                  </div>
                </>
              )
            }
          </TokenLinkState>
        </CardContent>
      </Card>
    </AuthShell>
  );
}
