import { type ExclusionReason, exclusionLabels, exclusionReasons } from "@shared/exclusions";
import { matchCountText } from "@shared/match-count-text";
import type { PairingValidationResponse } from "@shared/pairings";
import { noSharedHoursText } from "@shared/sat-out";
import { CheckCircle2, Info, TriangleAlert, XCircle } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { LoadingRegion, Skeleton } from "../../../components/ui/skeleton";
import { usePairingValidation } from "./pairing-queries";

const ExcludedDialog = lazy(async () => ({
  default: (await import("./excluded-dialog")).ExcludedDialog,
}));

/** The box's place while its answer (or the group it is for) is on its way. */
export function EligibilityLoading() {
  return (
    <LoadingRegion label="Checking pairing eligibility..." className="grid gap-3">
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-20 w-full" />
    </LoadingRegion>
  );
}

/**
 * Who can be paired in the selected group: the counts, who is excluded and why (each count opens
 * the names), the minimum, and what an odd count means.
 */
export function EligibilityBox({ groupId }: { groupId: number | null }) {
  const validation = usePairingValidation(groupId);
  const [opened, setOpened] = useState<ExclusionReason | null>(null);
  if (validation.isLoading) return <EligibilityLoading />;
  if (validation.isError || !validation.data) {
    return (
      <p role="alert" className="text-sm text-red-700">
        Failed to fetch pairing validation
      </p>
    );
  }
  const { statusCounts: c, excluded } = validation.data;
  const excludedTotal = c.opted_out + c.paused + c.inactive;
  const reasons = exclusionReasons.filter((reason) => (excluded?.[reason] ?? 0) > 0);
  return (
    <section
      aria-label="Pairing eligibility"
      className="grid gap-3 rounded-lg border border-coffee-200 bg-coffee-50 p-4"
    >
      <h3 className="font-semibold text-coffee-900">Pairing Eligibility</h3>
      <dl className="grid grid-cols-3 gap-2 text-center">
        {[
          ["Total Users", c.total],
          ["Ready to Pair", c.truly_active],
          ["Excluded", excludedTotal],
        ].map(([label, value]) => (
          <div key={label} className="rounded-md bg-white p-2">
            <dt className="text-xs font-medium text-coffee-700">{label}</dt>
            <dd className="text-xl font-bold text-coffee-900">{value}</dd>
          </div>
        ))}
      </dl>
      {reasons.length > 0 && (
        <ExclusionReasons reasons={reasons} excluded={excluded} onOpen={setOpened} />
      )}
      <Requirements validation={validation.data} />
      {opened && (
        <Suspense fallback={null}>
          <ExcludedDialog groupId={groupId} reason={opened} onClose={() => setOpened(null)} />
        </Suspense>
      )}
    </section>
  );
}

/**
 * What a generation now would do, from the engine's own dry run (not from whether the count is
 * even: preferences and recent matches can leave someone out of an even count). When no match
 * can be made it says why: everyone ready already has a match this month, too few are left, or
 * the rules rule out every pair.
 */
export function forecastText(
  forecast: PairingValidationResponse["forecast"],
  minimum: number,
): string {
  const { ready, matches, sitOut, alreadyMatched } = forecast;
  const made = matchCountText(matches);
  const matched =
    alreadyMatched > 0
      ? `${alreadyMatched} ${alreadyMatched === 1 ? "person already has" : "people already have"} a match this month`
      : "";
  if (matches === 0) {
    if (ready === 0 && alreadyMatched > 0) return `no new match: everyone ready (${matched})`;
    if (ready < minimum) {
      return `no match can be made yet: ${ready} ready and not yet matched, at least ${minimum} needed${matched ? `; ${matched}` : ""}`;
    }
    return "no match can be made: preferences, recent matches and shared working hours rule out every pair";
  }
  const also = matched ? ` (${matched})` : "";
  if (sitOut === 0) return `${made}: everyone ready gets a partner${also}`;
  return `${made}: ${sitOut} of ${ready} ${ready === 1 ? "person" : "people"} ${sitOut === 1 ? "sits" : "sit"} out${also}`;
}

/** The pairs people's own rules keep apart, counted without names; null when none. */
export function keptApartText(keptApart: number): string | null {
  if (keptApart <= 0) return null;
  const pairs =
    keptApart === 1 ? "1 pair of ready people may" : `${keptApart} pairs of ready people may`;
  return `${pairs} not meet by their own rules (never with, manager, way to meet)`;
}

/** The minimum-users check and what a generation now would do. */
function Requirements({ validation }: { validation: PairingValidationResponse }) {
  const { statusCounts: c, eligibility: e, forecast } = validation;
  return (
    <ul className="grid gap-1 text-sm">
      <li className="flex flex-wrap items-center gap-2">
        {e.hasMinimumUsers ? (
          <CheckCircle2 aria-hidden="true" className="size-4 text-green-700" />
        ) : (
          <XCircle aria-hidden="true" className="size-4 text-red-700" />
        )}
        <span className="font-medium">Minimum Users:</span>
        <span>
          {e.hasMinimumUsers ? "Met" : "Not met"}: {c.truly_active} ready, at least{" "}
          {e.minimumRequired} needed
        </span>
      </li>
      <li className="flex flex-wrap items-center gap-2">
        {forecast.sitOut === 0 && forecast.matches > 0 ? (
          <CheckCircle2 aria-hidden="true" className="size-4 text-green-700" />
        ) : (
          <Info aria-hidden="true" className="size-4 text-coffee-700" />
        )}
        <span className="font-medium">If you generate now:</span>
        <span>{forecastText(forecast, e.minimumRequired)}</span>
      </li>
      {forecast.noSharedHours.map((group) => (
        <li key={group.place} className="flex flex-wrap items-center gap-2">
          <TriangleAlert aria-hidden="true" className="size-4 text-amber-700" />
          <span className="font-medium">Working hours:</span>
          <span>{noSharedHoursText(group)}</span>
        </li>
      ))}
      {forecast.keptApart > 0 && (
        <li className="flex flex-wrap items-center gap-2">
          <Info aria-hidden="true" className="size-4 text-coffee-700" />
          <span className="font-medium">Personal rules:</span>
          <span>{keptApartText(forecast.keptApart)}</span>
        </li>
      )}
    </ul>
  );
}

/** One button per reason with its count; each opens the names. */
function ExclusionReasons({
  reasons,
  excluded,
  onOpen,
}: {
  reasons: ExclusionReason[];
  excluded: PairingValidationResponse["excluded"];
  onOpen: (reason: ExclusionReason) => void;
}) {
  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium text-coffee-900">Who is excluded and why</p>
      <ul aria-label="Excluded people by reason" className="flex flex-wrap gap-2">
        {reasons.map((reason) => (
          <li key={reason}>
            <button
              type="button"
              onClick={() => onOpen(reason)}
              className="inline-flex items-center gap-2 rounded-full border border-coffee-300 bg-white px-3 py-1 text-sm text-coffee-900 hover:bg-coffee-100"
            >
              {exclusionLabels[reason].label}
              <span className="font-bold">{excluded[reason]}</span>
              <span className="sr-only">: show the names</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
