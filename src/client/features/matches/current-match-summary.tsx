import { bookedText } from "@shared/booking";
import { type CurrentMatchItem, formatMatchMonth } from "@shared/matches";
import { personName } from "@shared/person-name";
import { ArrowRight, CalendarCheck } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "../../components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "../../components/ui/card";
import type { AuthUser } from "../use-auth";
import { NoCurrentMatch } from "./empty-states";
import { PartnerSkeleton } from "./match-skeletons";
import { MatchStateBadges } from "./match-state-badges";
import { MatchTogetherLines } from "./match-together-lines";
import { PartnerAvatar } from "./partner-avatar";
import { useReaderZoneState } from "./use-matches";

/**
 * "Booked: Tue, Mar 16, 15:00 Central European Time (Europe/Berlin)": the match's booked chat,
 * whoever in it booked it, in the reader's own zone (the one the match page uses), drawn once that
 * zone is known so the time does not change under the reader.
 */
export function BookedLine({ item, start }: { item: CurrentMatchItem; start: string }) {
  const { zone, settled } = useReaderZoneState(item);
  if (!settled) return null;
  return (
    <p className="flex items-start gap-2 text-sm font-medium text-coffee-900">
      <CalendarCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-coffee-700" />
      {bookedText(start, zone)}
    </p>
  );
}

/** The dashboard's current match card with the same state badges as the matches page. */
export function CurrentMatchSummary({
  item,
  loading,
  user,
}: {
  item: CurrentMatchItem | null;
  loading: boolean;
  user: AuthUser;
}) {
  return (
    <Card className="flex flex-col">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>Current Match</CardTitle>
        {item && <MatchStateBadges item={item} tense="current" />}
      </CardHeader>
      <CardContent className="flex-1">
        {loading ? (
          <PartnerSkeleton />
        ) : item ? (
          <div className="space-y-4">
            <ul className="space-y-4">
              {item.partners.map((partner) => (
                <li key={partner.id} className="flex min-w-0 items-center gap-3">
                  <PartnerAvatar partner={partner} />
                  <div className="min-w-0">
                    <h3 className="truncate font-semibold text-coffee-950">
                      {personName(partner)}
                    </h3>
                    {partner.departmentDisplayName && (
                      <p className="text-sm text-coffee-700">{partner.departmentDisplayName}</p>
                    )}
                    <p className="text-sm text-coffee-700">{formatMatchMonth(item.match.month)}</p>
                  </div>
                </li>
              ))}
            </ul>
            {item.booking && <BookedLine item={item} start={item.booking.start} />}
            <MatchTogetherLines together={item.together} />
          </div>
        ) : (
          <NoCurrentMatch user={user} />
        )}
      </CardContent>
      {item && (
        <CardFooter>
          <Link to="/matches" className={buttonVariants({ variant: "outline", size: "sm" })}>
            View match details
            <ArrowRight aria-hidden="true" />
          </Link>
        </CardFooter>
      )}
    </Card>
  );
}
