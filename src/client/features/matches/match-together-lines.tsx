import type { MatchTogether } from "@shared/matches";
import { MapPin, Sparkles } from "lucide-react";

/**
 * How the current match meets and what its members share, in the intro e-mail's words (the
 * server writes them: match-together.ts); nothing when there is nothing to say.
 */
export function MatchTogetherLines({ together }: { together: MatchTogether }) {
  if (!together.meeting && !together.shared) return null;
  return (
    <ul aria-label="How you meet and what you share" className="space-y-1 text-sm text-coffee-800">
      {together.meeting && (
        <li className="flex min-w-0 items-start gap-1.5">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-coffee-700" />
          <span className="min-w-0 break-words">{together.meeting}</span>
        </li>
      )}
      {together.shared && (
        <li className="flex min-w-0 items-start gap-1.5">
          <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-coffee-700" />
          <span className="min-w-0 break-words">{together.shared}</span>
        </li>
      )}
    </ul>
  );
}
