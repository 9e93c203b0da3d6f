import type { PairingSchedule, ScopeRounds } from "@shared/rounds";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { QueryState } from "../../../components/ui/query-state";
import { HelpLink } from "../../help/help-link";
import { CompanyTimeZoneSetting } from "./company-time-zone-setting";
import { DefaultHoursSetting } from "./default-hours-setting";
import { DraftPanel } from "./draft-panel";
import { isEmptyAllUsers } from "./pairing-scopes";
import { RoundSettingsForm } from "./round-settings-form";
import { RoundTimeline } from "./round-timeline";
import { useRoundsOverview } from "./rounds-queries";

function ScopeSection({
  scope,
  timeZone,
  now,
  companySchedule,
}: {
  scope: ScopeRounds;
  timeZone: string;
  now: Date;
  companySchedule: PairingSchedule;
}) {
  const current = scope.current;
  return (
    <div className="grid gap-4 border-t border-coffee-200 pt-4">
      <h3 className="font-semibold text-coffee-900">
        {scope.label}
        {!scope.settings.auto && (
          <span className="ml-2 text-sm font-normal text-coffee-700">(runs by hand)</span>
        )}
      </h3>
      {current?.draft && (
        <DraftPanel scopeKey={scope.scopeKey} month={current.month} label={scope.label} />
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        {current && (
          <RoundTimeline title="This round" round={current} timeZone={timeZone} now={now} />
        )}
        <RoundTimeline title="Next round" round={scope.next} timeZone={timeZone} now={now} />
      </div>
      <details>
        <summary className="cursor-pointer text-sm font-medium text-coffee-800">
          Settings for {scope.label}
        </summary>
        <div className="pt-3">
          <RoundSettingsForm
            scopeKey={scope.scopeKey}
            label={scope.label}
            settings={scope.settings}
            companySchedule={companySchedule}
          />
        </div>
      </details>
    </div>
  );
}

/**
 * "All Users" beside domain groups, with nobody in it: one line saying so, after the groups, not
 * a timeline of rounds that pair nobody (docs/rounds.md, "What admins see").
 */
function EmptyScope({ scope }: { scope: ScopeRounds }) {
  return (
    <div className="grid gap-1 border-t border-coffee-200 pt-4">
      <h3 className="font-semibold text-coffee-900">
        {scope.label} <span className="ml-1 text-sm font-normal text-coffee-700">(empty)</span>
      </h3>
      <p className="text-sm text-coffee-700">
        Nobody is in {scope.label}: everyone is in a domain group, and each group runs its own
        rounds above. Someone whitelisted outside every group is paired here.
      </p>
    </div>
  );
}

/** The monthly rounds (docs/rounds.md): each scope's timeline, its draft while in review, settings. */
export function RoundsCard() {
  const query = useRoundsOverview();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Monthly rounds</CardTitle>
        <CardDescription>
          Each round is drafted for your review, published on the pairing day at 09:00, asks "Did
          you meet?" a week later and is completed when the next one is published — by itself (
          <HelpLink slug="rounds">how rounds run</HelpLink>).
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState query={query} failure="Failed to load the monthly rounds">
          {(data) => (
            <div className="grid gap-4">
              <CompanyTimeZoneSetting key={data.timeZone} timeZone={data.timeZone} />
              <DefaultHoursSetting />
              {data.scopes
                .filter((scope) => !isEmptyAllUsers(scope, data.scopes))
                .map((scope) => (
                  <ScopeSection
                    key={scope.scopeKey}
                    scope={scope}
                    timeZone={data.timeZone}
                    now={new Date(data.now)}
                    companySchedule={data.companySchedule}
                  />
                ))}
              {data.scopes
                .filter((scope) => isEmptyAllUsers(scope, data.scopes))
                .map((scope) => (
                  <EmptyScope key={scope.scopeKey} scope={scope} />
                ))}
            </div>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
