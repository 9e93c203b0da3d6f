import { shortDay } from "@shared/date-text";
import { addMonthsToIsoDate, isoDateOf, pauseUntilRange } from "@shared/participation";
import { PARTICIPATION_UPDATED } from "@shared/profile";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { toast } from "../../components/ui/toast";
import { useConfirm } from "../../components/ui/use-confirm";
import { matchKeys } from "../../lib/api/matches";
import { profileApi } from "../../lib/api/profile";
import { errorMessage } from "../../lib/api-client";
import { useCurrentMatch, useNextPairing } from "../matches/use-matches";
import { ParticipationMug } from "../participation-mug";
import { AUTH_USER_QUERY_KEY, type AuthUser } from "../use-auth";
import { participationExplanation, pauseBadgeNote, runningMatchText } from "./participation-texts";

type Action =
  | { action: "pause"; months: 1 | 3 }
  | { action: "pause_until"; until: string }
  | { action: "skip_next" }
  | { action: "opt_out" }
  | { action: "reactivate" };

function ParticipationBadge({ user }: { user: AuthUser }) {
  if (user.participationStatus === "active") return <Badge color="green">Active</Badge>;
  if (user.participationStatus === "opted_out") return <Badge color="grey">Opted Out</Badge>;
  const note = pauseBadgeNote(user);
  return (
    <div className="flex flex-col items-center gap-1">
      <Badge color="yellow">Paused</Badge>
      {note && <span className="text-xs font-medium text-coffee-700">{note}</span>}
    </div>
  );
}

/** What an action means for the next pairings, in the confirmation it asks once. */
function actionText(body: Action, today: string): { title: string; text: string; label: string } {
  if (body.action === "skip_next") {
    return {
      title: "Skip next month?",
      text: "You are left out of the next monthly pairing and paired again the month after, by yourself.",
      label: "Skip next month",
    };
  }
  if (body.action === "pause_until") {
    return {
      title: `Pause until ${shortDay(body.until, { year: true })}?`,
      text: `You are not paired until ${shortDay(body.until, { year: true })}; then you take part again by yourself. You can come back sooner here.`,
      label: "Pause",
    };
  }
  if (body.action === "pause") {
    const until = shortDay(addMonthsToIsoDate(today, body.months), { year: true });
    return {
      title: `Pause for ${body.months === 1 ? "1 month" : "3 months"}?`,
      text: `You are not paired until ${until}; then you take part again by yourself. You can come back sooner here.`,
      label: "Pause",
    };
  }
  return {
    title: "Opt out of coffee chats?",
    text: "You are not paired again and get no more match e-mails until you press Reactivate here.",
    label: "Opt out",
  };
}

/** "Pause until a date": any end date from tomorrow up to a year ahead, checked again by the server. */
function PauseUntilForm({
  busy,
  pending,
  onPause,
}: {
  busy: boolean;
  pending: boolean;
  onPause: (until: string) => void;
}) {
  const id = useId();
  const range = pauseUntilRange(isoDateOf(new Date()));
  const [until, setUntil] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!until || until < range.min || until > range.max) {
      setError(
        `Choose an end date from ${shortDay(range.min, { year: true })} to ${shortDay(range.max, { year: true })}.`,
      );
      return;
    }
    setError(null);
    onPause(until);
  };
  return (
    <form noValidate onSubmit={submit} className="grid w-full justify-items-center gap-2 pt-2">
      <Label htmlFor={id}>Pause until a date</Label>
      <div className="flex flex-wrap justify-center gap-2">
        <Input
          id={id}
          type="date"
          min={range.min}
          max={range.max}
          value={until}
          onChange={(e) => setUntil(e.target.value)}
          className="w-auto"
          aria-invalid={error !== null}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <Button type="submit" variant="outline" disabled={busy}>
          {pending ? "Updating..." : "Pause Until"}
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}

/** "Coffee Chat Participation": the mug, the status badge and the actions of §4. */
export function ParticipationCard({ user }: { user: AuthUser }) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<string | null>(null);
  const current = useCurrentMatch(user.participationStatus === "active");
  const next = useNextPairing(user.participationStatus === "active");
  const { confirm, dialog } = useConfirm();
  const ask = (key: string, body: Action) => {
    const text = actionText(body, isoDateOf(new Date()));
    confirm({
      title: text.title,
      description: text.text + runningMatchText(current.data, body.action),
      confirmLabel: text.label,
      onConfirm: () => void run(key, body),
    });
  };

  async function run(key: string, body: Action) {
    setPending(key);
    try {
      const result = await profileApi.setParticipation(body);
      queryClient.setQueryData(AUTH_USER_QUERY_KEY, result.user);
      // The next pairing's answer changes with the status (the dashboard and this card read it).
      void queryClient.invalidateQueries({ queryKey: matchKeys.nextPairing });
      toast({ title: "Success", description: PARTICIPATION_UPDATED, duration: 3000 });
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Error",
        description: errorMessage(error, "Failed to update participation status"),
      });
    } finally {
      setPending(null);
    }
  }

  // The confirmation says what happens to a running match, so the actions wait for it to load.
  const busy = pending !== null || (user.participationStatus === "active" && current.isPending);
  return (
    <Card>
      {dialog}
      <CardHeader>
        <CardTitle>Coffee Chat Participation</CardTitle>
        <CardDescription>
          Take a break whenever you need one, and come back anytime.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid justify-items-center gap-4 text-center">
        <ParticipationMug status={user.participationStatus} pauseEndDate={user.pauseEndDate} />
        <ParticipationBadge user={user} />
        <p className="max-w-prose text-sm text-coffee-700">
          {participationExplanation(user, Boolean(current.data?.match), next.data)}
        </p>
        <div className="flex w-full flex-wrap justify-center gap-2">
          {user.participationStatus === "active" ? (
            <>
              <Button
                variant="outline"
                disabled={busy}
                onClick={() => ask("skip_next", { action: "skip_next" })}
              >
                {pending === "skip_next" ? "Updating..." : "Skip Next Month"}
              </Button>
              <Button
                variant="outline"
                disabled={busy}
                onClick={() => ask("pause1", { action: "pause", months: 1 })}
              >
                {pending === "pause1" ? "Updating..." : "Pause 1 Month"}
              </Button>
              <Button
                variant="outline"
                disabled={busy}
                onClick={() => ask("pause3", { action: "pause", months: 3 })}
              >
                {pending === "pause3" ? "Updating..." : "Pause 3 Months"}
              </Button>
              <Button
                variant="ghost"
                disabled={busy}
                onClick={() => ask("opt_out", { action: "opt_out" })}
              >
                {pending === "opt_out" ? "Updating..." : "Opt Out"}
              </Button>
              <PauseUntilForm
                busy={busy}
                pending={pending === "pause_until"}
                onPause={(until) => ask("pause_until", { action: "pause_until", until })}
              />
            </>
          ) : (
            // Its own key: without one React would reuse the first outline button's element,
            // whose colours would then fade from the outline's to these through shades that
            // cannot be read.
            <Button
              key="reactivate"
              disabled={busy}
              onClick={() => run("reactivate", { action: "reactivate" })}
            >
              {pending === "reactivate" ? "Updating..." : "Reactivate"}
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
