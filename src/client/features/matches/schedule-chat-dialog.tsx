import { timeInYourZone, yourTimeText } from "@shared/booking";
import {
  chatEnd,
  chatStartProblem,
  nextWeekdayMorning,
  outlookCalendarUrl,
} from "@shared/calendar";
import {
  CHAT_DURATION_MINUTES,
  chatDescription,
  chatTitle,
  googleCalendarUrl,
  joinNames,
  type MatchItem,
} from "@shared/matches";
import { personName } from "@shared/person-name";
import type { MatchTimeZones } from "@shared/working-hours";
import { worksThrough } from "@shared/working-time";
import { clockIn, dateIn, instantAt } from "@shared/zone-clock";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CalendarDays, Download, ExternalLink, Send } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Button, buttonVariants } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "../../components/ui/dialog";
import { FieldError, Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { TimeSelect } from "../../components/ui/time-select";
import { toast } from "../../components/ui/toast";
import { calendarFileUrl, matchesApi, matchKeys } from "../../lib/api/matches";
import { errorMessage } from "../../lib/api-client";
import { redirectIfUnauthorized } from "../unauthorized";
import { useAuth } from "../use-auth";
import { useMatchInvitation, useMatchTimeZones, useReaderZoneState } from "./use-matches";

/** "Olga", "Olga and Ben", "Olga, Ben and Cy": the partners' first names (or whole names when none). */
function firstNames(item: MatchItem): string {
  return joinNames(item.partners.map((p) => p.firstName?.trim() || personName(p)));
}

/**
 * The chosen day and time, read in the reader's zone (the one the fields name), as an instant,
 * or null while the fields are incomplete.
 */
export function chosenStart(date: string, time: string, zone: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const start = new Date(instantAt(zone, date, time));
  return Number.isNaN(start.getTime()) ? null : start;
}

/**
 * Why the fields' start cannot be sent, by the server's time the invitation's answer gave (the
 * server's rule, shared/calendar.ts):
 * incomplete, passed or over a year ahead; undefined when it can.
 */
export function chosenStartProblem(start: Date | null, now: Date): string | undefined {
  return start ? chatStartProblem(start, now) : "Please pick a day and a time.";
}

/** "Sent for Mon, Nov 30, 10:00 Central European Time (Europe/Berlin).": the time sent, its zone named. */
export function sentForText(start: Date, zone: string): string {
  return `Sent for ${timeInYourZone(start, zone)}.`;
}

/**
 * "That is Mon, Nov 30, 22:00 India Standard Time (Asia/Kolkata) for Priya, outside their working
 * hours.": one line per partner who would not be working through the whole chosen chat, by the
 * reading of working hours the proposed times use (working-time.ts); none while the start or the
 * members' hours are unknown. The chat may still be sent (docs/matches.md, "Booking a time").
 */
export function outsideHoursLines(
  partners: MatchItem["partners"],
  zones: MatchTimeZones | undefined,
  start: Date | null,
): string[] {
  if (!start || !zones) return [];
  const end = chatEnd(start).getTime();
  return partners.flatMap((partner) => {
    const member = zones.members.find((m) => m.userId === partner.id);
    if (!member || worksThrough(member.timeZone, member.workingHours, start.getTime(), end)) {
      return [];
    }
    const name = partner.firstName?.trim() || personName(partner);
    const when = timeInYourZone(start, member.timeZone);
    return [`That is ${when} for ${name}, outside their working hours.`];
  });
}

/**
 * The warning above the send button, in a live region that is always on the page so a warning
 * that appears as the time changes is announced.
 */
export function OutsideHoursNote({ id, lines }: { id: string; lines: readonly string[] }) {
  return (
    <div
      id={id}
      role="status"
      className={
        lines.length > 0
          ? "space-y-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-coffee-900"
          : undefined
      }
    >
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      {lines.length > 0 && <p>You can still send the invitation for this time.</p>}
    </div>
  );
}

/**
 * "Schedule Coffee Chat": the person picks a day and time (the time already sent, else the next
 * weekday at 10:00 their time) and sends the match's invitation: the app e-mails it to everyone
 * in the match, and a new time updates the same event (docs/matches.md, "The calendar
 * invitation"). Once sent, the .ics and the Google Calendar and Outlook on the web links carry
 * that time.
 */
export function ScheduleChatDialog({
  item,
  openOnMount,
}: {
  item: MatchItem;
  /** Open as soon as it mounts: ScheduleChatButton loads this module on the first click. */
  openOnMount?: boolean;
}) {
  const { user } = useAuth();
  const { zone, settled } = useReaderZoneState(item);
  const zones = useMatchTimeZones(item.match.id);
  const [open, setOpen] = useState(false);
  // The fields are filled once the reader's zone is known: a time suggested in the browser's
  // zone and then shown in the profile's would move it.
  const [filled, setFilled] = useState(false);
  const [date, setDate] = useState("");
  const [time, setTime] = useState("");
  const id = useId();
  const matchId = item.match.id;
  const invitation = useMatchInvitation(matchId, open);
  const sent = invitation.data?.invitation;
  // The server's time, as it checks a start (a day back to a year ahead), not the browser's.
  const serverNow = invitation.data?.now;
  const send = useSendInvitation(matchId);

  const showStart = (at: Date) => {
    setDate(dateIn(zone, at.getTime()));
    setTime(clockIn(zone, at.getTime()).time);
  };
  const onOpenChange = (next: boolean) => {
    if (next) setFilled(false);
    setOpen(next);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when opened, the zone settles or the server's time is read
  useEffect(() => {
    if (!open || !settled || filled || !serverNow) return;
    showStart(sent ? new Date(sent.start) : nextWeekdayMorning(new Date(serverNow), zone));
    setFilled(true);
  }, [open, settled, filled, serverNow]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on mount
  useEffect(() => {
    if (openOnMount) onOpenChange(true);
  }, []);
  // The time already sent replaces the suggestion once it has loaded.
  const sentStart = sent?.start;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the time sent changes
  useEffect(() => {
    if (sentStart) showStart(new Date(sentStart));
  }, [sentStart]);

  const start = chosenStart(date, time, zone);
  const unchanged = Boolean(sent && start && new Date(sent.start).getTime() === start.getTime());
  // The time already sent is only shown, not sent again: once it has passed it is no error.
  const error =
    filled && !unchanged ? chosenStartProblem(start, new Date(serverNow ?? 0)) : undefined;
  const who = firstNames(item);
  const outside = error ? [] : outsideHoursLines(item.partners, zones.data, start);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>
          <CalendarDays aria-hidden="true" />
          Schedule Coffee Chat
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Schedule your coffee chat</DialogTitle>
          <DialogDescription>
            Pick a time for a {CHAT_DURATION_MINUTES}-minute chat with {who}. We e-mail the
            invitation to {item.partners.length > 1 ? "you all" : "you both"}; a new time moves the
            same event in everyone's calendar.
          </DialogDescription>
        </DialogHeader>
        <ChatTimeFields
          id={id}
          zone={zone}
          now={serverNow}
          date={date}
          time={time}
          error={error}
          onDate={setDate}
          onTime={setTime}
        />
        <FieldError id={`${id}-error`} role="alert">
          {error ?? (send.isError ? errorMessage(send.error, "Sending failed") : undefined)}
        </FieldError>
        <OutsideHoursNote id={`${id}-outside`} lines={outside} />
        <Button
          aria-describedby={outside.length > 0 ? `${id}-outside` : undefined}
          disabled={!start || Boolean(error) || unchanged || send.isPending || invitation.isLoading}
          onClick={() => start && send.mutate({ start, replaces: sent?.start })}
        >
          <Send aria-hidden="true" />
          {send.isPending
            ? "Sending…"
            : unchanged
              ? "Invitation sent for this time"
              : sent
                ? "Move the chat to this time"
                : `Send the invitation to you and ${who}`}
        </Button>
        {sent ? (
          <InvitationLinks
            ics={calendarFileUrl(matchId)}
            event={chatEvent(item, user, new Date(sent.start))}
            zone={zone}
            onDownload={() => setOpen(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** Sends (or moves) the match's invitation; the dialog reads the time sent again. */
function useSendInvitation(matchId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (to: { start: Date; replaces?: string }) =>
      matchesApi.sendInvitation(matchId, to.start, to.replaces),
    onSuccess: async (answer) => {
      toast({ title: "Coffee chat scheduled", description: answer.message });
      // The dashboard's current match shows the booked time too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: matchKeys.invitation(matchId) }),
        queryClient.invalidateQueries({ queryKey: matchKeys.current }),
      ]);
    },
    onError: (error) => {
      redirectIfUnauthorized(error);
    },
  });
}

/**
 * The day and time inputs, read in the reader's zone, which the hint names; both marked invalid
 * while the chosen start is not allowed. The calendar starts on `now`'s day, the server's time.
 */
export function ChatTimeFields({
  id,
  zone,
  now,
  date,
  time,
  error,
  onDate,
  onTime,
}: {
  id: string;
  zone: string;
  now?: string;
  date: string;
  time: string;
  error: string | undefined;
  onDate: (value: string) => void;
  onTime: (value: string) => void;
}) {
  // The hint names the zone for both fields; an error is read after it.
  const describedBy = error ? `${id}-zone ${id}-error` : `${id}-zone`;
  return (
    <div className="grid gap-2">
      <div className="grid grid-cols-2 gap-3">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-date`}>Day</Label>
          <Input
            id={`${id}-date`}
            type="date"
            value={date}
            min={now ? dateIn(zone, Date.parse(now)) : undefined}
            onChange={(e) => onDate(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-time`}>Time</Label>
          <TimeSelect
            id={`${id}-time`}
            value={time}
            onChange={(e) => onTime(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
        </div>
      </div>
      <p id={`${id}-zone`} className="text-sm text-muted-foreground">
        Day and time in {yourTimeText(zone)}.
      </p>
    </div>
  );
}

type CalendarEvent = Parameters<typeof googleCalendarUrl>[0];

/** The match's event as the invitation has it: everyone named in the match's order. */
function chatEvent(
  item: MatchItem,
  user: ReturnType<typeof useAuth>["user"],
  start: Date,
): CalendarEvent {
  const names = new Map(item.partners.map((p) => [p.id, personName(p)]));
  if (user) names.set(user.id, personName(user));
  return {
    title: chatTitle(item.match.members.map((m) => names.get(m.userId) ?? "Me")),
    details: chatDescription(item.match.month),
    start,
    end: chatEnd(start),
  };
}

/** The .ics download and the Google Calendar and Outlook on the web links, at the time sent (its zone named). */
export function InvitationLinks({
  ics,
  event,
  zone,
  onDownload,
}: {
  ics: string;
  event: CalendarEvent;
  zone: string;
  onDownload: () => void;
}) {
  return (
    <div className="grid gap-2">
      <p className="text-sm text-muted-foreground">
        {sentForText(event.start, zone)} Add it to your calendar here if the e-mail did not:
      </p>
      <a
        href={ics}
        download
        className={buttonVariants({ variant: "outline", className: "w-full" })}
        onClick={onDownload}
      >
        <Download aria-hidden="true" />
        <span className="whitespace-normal">Download the invitation (.ics)</span>
      </a>
      <div className="grid gap-2 sm:grid-cols-2">
        {(["Google Calendar", "Outlook on the web"] as const).map((label) => (
          <a
            key={label}
            href={
              label === "Google Calendar" ? googleCalendarUrl(event) : outlookCalendarUrl(event)
            }
            target="_blank"
            rel="noopener noreferrer"
            className={buttonVariants({ variant: "outline", className: "w-full" })}
          >
            <ExternalLink aria-hidden="true" />
            {label}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ))}
      </div>
    </div>
  );
}
