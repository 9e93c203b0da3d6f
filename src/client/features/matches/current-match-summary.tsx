import { type CurrentMatchItem, formatMatchMonth } from "@shared/matches";
import { personName } from "@shared/person-name";
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "../../components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "../../components/ui/card";
import type { AuthUser } from "../use-auth";
import { NoCurrentMatch } from "./empty-states";
import { PartnerSkeleton } from "./match-skeletons";
import { MatchStateBadges } from "./match-state-badges";
import { MatchTogetherLines } from "./match-together-lines";
import { PartnerAvatar } from "./partner-avatar";

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
