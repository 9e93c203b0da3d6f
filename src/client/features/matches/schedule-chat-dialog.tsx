import {
  CHAT_START_OUT_OF_RANGE,
  chatEnd,
  isChatStartInRange,
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
  partnerName,
} from "@shared/matches";
import { format } from "date-fns";
import { CalendarDays, Download, ExternalLink } from "lucide-react";
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
import { calendarFileUrl } from "../../lib/api/matches";
import { cn } from "../../lib/cn";
import { useAuth } from "../use-auth";

/** "Olga", "Olga and Ben", "Olga, Ben and Cy": the partners' first names (or whole names when none). */
function firstNames(item: MatchItem): string {
  return joinNames(item.partners.map((p) => p.firstName?.trim() || partnerName(p)));
}

function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The chosen local date and time as an instant, or null while the fields are incomplete. */
function chosenStart(date: string, time: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const start = new Date(`${date}T${time}`);
  return Number.isNaN(start.getTime()) ? null : start;
}

/**
 * "Schedule Coffee Chat": the person picks a day and time (default: the next weekday at 10:00
 * their time), then downloads an .ics invitation addressed to everyone in the match or opens the
 * same event in Google Calendar or Outlook on the web.
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
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState("");
  const [time, setTime] = useState("");
  const id = useId();

  const onOpenChange = (next: boolean) => {
    if (next) {
      const suggested = nextWeekdayMorning(new Date(), localTimeZone());
      setDate(format(suggested, "yyyy-MM-dd"));
      setTime(format(suggested, "HH:mm"));
    }
    setOpen(next);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on mount
  useEffect(() => {
    if (openOnMount) onOpenChange(true);
  }, []);

  const start = chosenStart(date, time);
  const error = !start
    ? "Please pick a day and a time."
    : !isChatStartInRange(start, new Date())
      ? CHAT_START_OUT_OF_RANGE
      : undefined;
  const event = start && chatEvent(item, user, start);
  const ics = start ? calendarFileUrl(item.match.id, start) : undefined;
  const who = firstNames(item);
  const disabled = Boolean(error);

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
            Pick a time for a {CHAT_DURATION_MINUTES}-minute chat with {who}. The invitation names{" "}
            {item.partners.length > 1 ? "you all" : "you both"} as guests; open it in your calendar
            and send it from there.
          </DialogDescription>
        </DialogHeader>
        <ChatTimeFields
          id={id}
          date={date}
          time={time}
          error={error}
          onDate={setDate}
          onTime={setTime}
        />
        <FieldError id={`${id}-error`} role="alert">
          {error}
        </FieldError>
        <InvitationLinks
          ics={ics}
          event={event}
          disabled={disabled}
          who={who}
          onDownload={() => setOpen(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

/** The day and time inputs, both marked invalid while the chosen start is not allowed. */
function ChatTimeFields({
  id,
  date,
  time,
  error,
  onDate,
  onTime,
}: {
  id: string;
  date: string;
  time: string;
  error: string | undefined;
  onDate: (value: string) => void;
  onTime: (value: string) => void;
}) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-date`}>Day</Label>
        <Input
          id={`${id}-date`}
          type="date"
          value={date}
          min={format(new Date(), "yyyy-MM-dd")}
          onChange={(e) => onDate(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-time`}>Time</Label>
        <Input
          id={`${id}-time`}
          type="time"
          step={900}
          value={time}
          onChange={(e) => onTime(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
    </div>
  );
}

type CalendarEvent = Parameters<typeof googleCalendarUrl>[0];

/** The chat as a calendar event: everyone in the match, the person first, as guests. */
function chatEvent(
  item: MatchItem,
  user: ReturnType<typeof useAuth>["user"],
  start: Date,
): CalendarEvent {
  const me = user ? partnerName(user) : "Me";
  const guests = [...(user ? [user.email] : []), ...item.partners.map((p) => p.email)];
  return {
    title: chatTitle([me, ...item.partners.map(partnerName)]),
    details: chatDescription(item.match.month),
    start,
    end: chatEnd(start),
    guests,
  };
}

/**
 * The .ics download and the Google Calendar and Outlook on the web links; shown but inert while
 * the chosen time is not valid (`disabled`).
 */
function InvitationLinks({
  ics,
  event,
  disabled,
  who,
  onDownload,
}: {
  ics: string | undefined;
  event: CalendarEvent | null | undefined;
  disabled: boolean;
  who: string;
  onDownload: () => void;
}) {
  const linkState = (variant: "default" | "outline") =>
    cn(
      buttonVariants({ variant, className: "w-full" }),
      disabled && "pointer-events-none opacity-60",
    );
  return (
    <div className="grid gap-2">
      <a
        href={disabled ? undefined : ics}
        aria-disabled={disabled || undefined}
        download
        className={linkState("default")}
        onClick={() => !disabled && onDownload()}
      >
        <Download aria-hidden="true" />
        <span className="whitespace-normal">Download an invitation for you and {who}</span>
      </a>
      <div className="grid gap-2 sm:grid-cols-2">
        {(["Google Calendar", "Outlook on the web"] as const).map((label) => (
          <a
            key={label}
            href={
              event
                ? label === "Google Calendar"
                  ? googleCalendarUrl(event)
                  : outlookCalendarUrl(event)
                : undefined
            }
            aria-disabled={disabled || undefined}
            target="_blank"
            rel="noopener noreferrer"
            className={linkState("outline")}
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
