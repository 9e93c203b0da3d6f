import { chatHappened } from "@shared/chat-happened";
import { type CurrentMatchItem, formatMatchMonth, type MatchItem } from "@shared/matches";
import { personName } from "@shared/person-name";
import { Mail } from "lucide-react";
import { lazy, Suspense } from "react";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "../../components/ui/card";
import { LoadingRegion } from "../../components/ui/skeleton";
import { Spinner } from "../../components/ui/spinner";
import { AnswerButtons } from "./answer-buttons";
import { CurrentMatchSkeleton } from "./match-skeletons";
import { MatchStateBadges } from "./match-state-badges";
import { MatchTogetherLines } from "./match-together-lines";
import { PartnerAvatar } from "./partner-avatar";
import { PartnerAwayButtons } from "./partner-away-button";
import { PartnerTimeLine } from "./partner-time-line";
import { ScheduleChatButton } from "./schedule-chat-button";
import { UnconfirmedZoneNote } from "./unconfirmed-zone-note";
import { readerMember, useMatchTimeZones } from "./use-matches";

/** Loaded with the card's first paint, not in the page's initial bundle (docs/performance.md, "Budgets"). */
const BookingTimes = lazy(async () => ({
  default: (await import("./booking-times")).BookingTimes,
}));

function PartnerDetails({
  partner,
  item,
}: {
  partner: MatchItem["partners"][number];
  item: MatchItem;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-4 sm:flex-row sm:items-start">
      <PartnerAvatar partner={partner} size="lg" />
      <div className="min-w-0 space-y-1">
        <h3 className="text-xl font-semibold text-coffee-950">{personName(partner)}</h3>
        {partner.departmentDisplayName && (
          <p className="text-sm font-medium text-coffee-700">{partner.departmentDisplayName}</p>
        )}
        <p className="flex min-w-0 items-center gap-1.5 text-sm">
          <Mail aria-hidden="true" className="size-4 shrink-0 text-coffee-700" />
          <a
            href={`mailto:${partner.email}`}
            className="min-w-0 break-all text-coffee-800 underline underline-offset-4"
          >
            {partner.email}
          </a>
        </p>
        <PartnerTimeLine item={item} partner={partner} />
        {partner.bio && (
          <p className="max-w-prose pt-1 whitespace-pre-line break-words text-coffee-800">
            {partner.bio}
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * The matches page's current match: partner(s), the match's state and the user's answer, which
 * can be changed while the month runs. "Met My Match" is the one way to say the chat happened
 * (there is no separate "Mark as Completed").
 *
 * Its buttons do not move once drawn (a press on a button that moves between the mouse's down
 * and up reaches nothing): the card waits for the partners' time zones, whose line sits above the
 * buttons, and the booking times, which load later still, come after the buttons.
 */
export function CurrentMatchCard({ item }: { item: CurrentMatchItem }) {
  const zones = useMatchTimeZones(item.match.id);
  if (zones.isPending) {
    return (
      <LoadingRegion label="Loading your current match...">
        <CurrentMatchSkeleton />
      </LoadingRegion>
    );
  }
  const reader = readerMember(item, zones.data);
  // Booking and scheduling are for a chat still to have: once it happened there is nothing to
  // book (docs/matches.md, "Booking a time").
  const toBook = !chatHappened(item.match);
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <div>
          <CardTitle>Current Match</CardTitle>
          <p className="text-sm text-coffee-700">{formatMatchMonth(item.match.month)}</p>
        </div>
        <MatchStateBadges item={item} tense="current" />
      </CardHeader>
      <CardContent className="space-y-6">
        {reader && !zones.data?.yourTimeZoneConfirmed && (
          <UnconfirmedZoneNote zone={reader.timeZone} />
        )}
        <MatchTogetherLines together={item.together} />
        {item.partners.map((partner) => (
          <PartnerDetails key={partner.id} partner={partner} item={item} />
        ))}
      </CardContent>
      <CardFooter className="flex-col items-stretch sm:flex-row sm:items-center">
        {toBook && <ScheduleChatButton item={item} />}
        <AnswerButtons item={item} tense="current" />
        <PartnerAwayButtons item={item} />
      </CardFooter>
      {item.pairingOpen && toBook && (
        <CardContent>
          <Suspense fallback={<Spinner label="Loading times..." />}>
            <BookingTimes item={item} />
          </Suspense>
        </CardContent>
      )}
    </Card>
  );
}
