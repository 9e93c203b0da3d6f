import {
  chatDescription,
  chatTitle,
  defaultChatSlot,
  googleCalendarUrl,
  type MatchItem,
  partnerName,
} from "@shared/matches";
import { CalendarDays, Download, ExternalLink } from "lucide-react";
import { useState } from "react";
import { Button, buttonVariants } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "../../components/ui/dialog";
import { useAuth } from "../use-auth";

const slotFormat = new Intl.DateTimeFormat(undefined, {
  weekday: "long",
  month: "long",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/**
 * "Schedule Coffee Chat": an .ics invitation addressed to every member (from the server) or the
 * same event in Google Calendar. Both use the default slot; people move it in their calendar.
 */
export function ScheduleChatDialog({ item }: { item: MatchItem }) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const { start, end } = defaultChatSlot(new Date());
  const me = user ? partnerName(user) : "Me";
  const names = [me, ...item.partners.map(partnerName)];
  const guests = [...(user ? [user.email] : []), ...item.partners.map((p) => p.email)];
  const google = googleCalendarUrl({
    title: chatTitle(names),
    details: chatDescription(item.match.month),
    start,
    end,
    guests,
  });
  const withWhom = item.partners.map(partnerName).join(" and ");

  return (
    <Dialog open={open} onOpenChange={setOpen}>
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
            Send a 30-minute invitation to you and {withWhom}. It starts on{" "}
            {slotFormat.format(start)}; move it to a time that suits you both.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-2 sm:flex-row">
          <a
            href={`/api/matches/${item.match.id}/calendar.ics`}
            download
            className={buttonVariants({ className: "sm:flex-1" })}
            onClick={() => setOpen(false)}
          >
            <Download aria-hidden="true" />
            Download invitation (.ics)
          </a>
          <a
            href={google}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonVariants({ variant: "outline", className: "sm:flex-1" })}
          >
            <ExternalLink aria-hidden="true" />
            Google Calendar
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
      </DialogContent>
    </Dialog>
  );
}
