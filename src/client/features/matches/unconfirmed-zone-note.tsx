import { PROFILE_TIME_ZONE_ANCHOR, paths } from "@shared/routes";
import { zoneNameForPeople } from "@shared/zone-names";
import { Globe } from "lucide-react";
import { Link } from "react-router";

/**
 * While the reader has not confirmed their time zone (the Profile asks "Is your time zone …?",
 * docs/profile.md), the match's times are in a zone they have not checked: the card says which,
 * and links to the question (docs/matches.md, "Time zones").
 */
export function UnconfirmedZoneNote({ zone }: { zone: string }) {
  return (
    <p className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-coffee-900">
      <Globe aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-coffee-700" />
      <span>
        The times here are in {zoneNameForPeople(zone)}, a time zone you have not confirmed yet.{" "}
        <Link
          to={`${paths.profile}#${PROFILE_TIME_ZONE_ANCHOR}`}
          className="font-medium underline underline-offset-4"
        >
          Confirm your time zone on your Profile
        </Link>
        .
      </span>
    </p>
  );
}
