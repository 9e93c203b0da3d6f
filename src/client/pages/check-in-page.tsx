import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import {
  type CheckInAnswer,
  checkInAnswerLabels,
  checkInAnswers,
} from "../../shared/check-in-answers";
import type { CheckInView } from "../../shared/check-ins";
import { joinNames } from "../../shared/matches";
import { paths } from "../../shared/routes";
import { Alert, AlertDescription, AlertTitle } from "../components/ui/alert";
import { Button, type ButtonVariant } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../components/ui/card";
import { AuthShell } from "../features/auth-shell";
import { TokenLinkState } from "../features/token-link-state";
import { checkInKeys, checkInsApi } from "../lib/api/check-ins";

const params = () => new URLSearchParams(window.location.search);
const readToken = () => params().get("token") ?? "";
const readChoice = () => {
  const choice = params().get("choice");
  return checkInAnswers.find((answer) => answer === choice);
};

const variantOf: Record<CheckInAnswer, ButtonVariant> = {
  met: "default",
  not_yet: "secondary",
  skip: "outline",
};

/**
 * The check-in e-mail's link opened in a browser (/check-in?token=…, docs/check-ins.md). Opening
 * it records nothing (mail scanners open every link): only pressing Met, Not yet or Skip does.
 * No sign-in needed; the link is signed for one person and one match.
 */
export function CheckInPage() {
  const [token] = useState(readToken);
  const [focusChoice] = useState(readChoice);
  const view = useQuery({
    queryKey: checkInKeys.checkIn(token),
    queryFn: ({ signal }) => checkInsApi.checkIn(token, signal),
    enabled: token !== "",
    retry: false,
  });
  const answer = useMutation({
    mutationFn: (choice: CheckInAnswer) => checkInsApi.answerCheckIn(token, choice),
  });

  return (
    <AuthShell title="Check-in">
      <Card>
        <CardHeader>
          {/* The question is the page's one heading, styled as the card's title. */}
          <h1 className="text-lg font-semibold leading-tight text-coffee-900">
            {view.data ? `Did you meet ${joinNames(view.data.partners)}?` : "Your coffee chat"}
          </h1>
          {view.data ? (
            <CardDescription>Your {view.data.month} coffee chat.</CardDescription>
          ) : null}
        </CardHeader>
        <CardContent className="space-y-4">
          <TokenLinkState
            token={token}
            incompleteMessage="This check-in link is incomplete. Please use the link from your e-mail."
            view={view}
          >
            {(data) =>
              answer.isSuccess ? (
                <Confirmation result={answer.data} />
              ) : (
                <Choices
                  view={data}
                  focusChoice={focusChoice}
                  pending={answer.isPending ? answer.variables : undefined}
                  error={answer.error?.message}
                  onChoose={(choice) => answer.mutate(choice)}
                />
              )
            }
          </TokenLinkState>
        </CardContent>
      </Card>
    </AuthShell>
  );
}

function Choices({
  view,
  focusChoice,
  pending,
  error,
  onChoose,
}: {
  view: CheckInView;
  focusChoice: CheckInAnswer | undefined;
  pending: CheckInAnswer | undefined;
  error: string | undefined;
  onChoose: (choice: CheckInAnswer) => void;
}) {
  const current = view.answer ? `Your answer so far: ${checkInAnswerLabels[view.answer]}.` : null;
  if (!view.open) {
    return (
      <p className="text-sm text-coffee-800">
        {current ? `${current} ` : ""}The {view.month} pairing is completed, so answers can no
        longer change.
      </p>
    );
  }
  return (
    <>
      <p className="text-sm text-coffee-800">
        {current ? `${current} You can change it until the month's pairing is completed.` : null}
        {current ? null : "Tell us with one press. Nothing is recorded until you choose."}
      </p>
      {error ? (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
      <fieldset className="flex flex-col gap-2 sm:flex-row">
        <legend className="sr-only">Did you meet?</legend>
        {checkInAnswers.map((choice) => (
          <Button
            key={choice}
            variant={variantOf[choice]}
            disabled={pending !== undefined}
            // The e-mail's button for this choice was pressed: Enter confirms it.
            autoFocus={choice === focusChoice}
            aria-pressed={view.answer === choice}
            onClick={() => onChoose(choice)}
          >
            {pending === choice ? "Saving..." : checkInAnswerLabels[choice]}
          </Button>
        ))}
      </fieldset>
    </>
  );
}

function Confirmation({ result }: { result: CheckInView }) {
  return (
    <>
      <Alert variant="success" role="status">
        <AlertTitle>Thanks for checking in</AlertTitle>
        <AlertDescription>{result.message}</AlertDescription>
      </Alert>
      <p className="text-sm text-coffee-800">
        See your match and past chats on your <Link to={paths.matches}>Matches page</Link>.
      </p>
    </>
  );
}
