import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Alert, AlertDescription, AlertTitle } from "../components/ui/alert";
import { Spinner } from "../components/ui/spinner";

/**
 * The pages opened from an e-mail's signed link (check-in, still in, unsubscribe): an incomplete
 * link, the check of the token, and its refusal look the same everywhere; `children` gets what
 * the link's GET answered (which changed nothing).
 */
export function TokenLinkState<T>({
  token,
  incompleteMessage,
  view,
  children,
}: {
  token: string;
  incompleteMessage: string;
  view: UseQueryResult<T, Error>;
  children: (data: T) => ReactNode;
}) {
  if (token === "") return <LinkProblem message={incompleteMessage} />;
  if (view.isPending) return <Spinner label="Checking your link..." />;
  if (view.isError) return <LinkProblem message={view.error.message} />;
  return children(view.data);
}

function LinkProblem({ message }: { message: string }) {
  return (
    <Alert variant="destructive">
      <AlertTitle>This link does not work</AlertTitle>
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}
