import { formatMatchMonth } from "@shared/matches";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { matchesApi, matchKeys } from "../../lib/api/matches";

/** The signed-in person's away and waiting status (`roundMemberEndpoints.awayStatus`). */
export function useAwayStatus() {
  return useQuery({
    queryKey: matchKeys.awayStatus,
    queryFn: ({ signal }) => matchesApi.awayStatus(signal),
    retry: false,
  });
}

/**
 * "We heard you're away this month" (docs/matches.md, "My partner is away"): shown instead of
 * nothing when a partner reported the person away and they are in no match, with the one press
 * that puts them back.
 */
export function AwayNotice() {
  const queryClient = useQueryClient();
  const status = useAwayStatus();
  const notAway = useMutation({
    mutationFn: () => matchesApi.sayNotAway(),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: matchKeys.current });
      void queryClient.invalidateQueries({ queryKey: matchKeys.awayStatus });
    },
  });
  const away = status.data?.away;
  if (notAway.isSuccess) {
    return (
      <Alert variant="success" role="status">
        <AlertTitle>You're back in</AlertTitle>
        <AlertDescription>{notAway.data.message}</AlertDescription>
      </Alert>
    );
  }
  if (!away) return null;
  return (
    <Alert role="status">
      <AlertTitle>We heard you're away in {formatMatchMonth(away.month)}</AlertTitle>
      <AlertDescription className="space-y-3">
        <p>
          A partner told us you're away this month, so you're out of this month's coffee chat and we
          won't pair you again this month. If that's not right, tell us and we'll find you a partner
          if someone is free.
        </p>
        {notAway.isError ? <p role="alert">{notAway.error.message}</p> : null}
        <Button disabled={notAway.isPending} onClick={() => notAway.mutate()}>
          {notAway.isPending ? "Putting you back…" : "I'm not away"}
        </Button>
      </AlertDescription>
    </Alert>
  );
}
