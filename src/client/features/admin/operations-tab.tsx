import type { OperationsPart } from "@shared/admin-routes";
import type { ReactNode } from "react";
import { AdminsCard } from "./admins/admins-card";
import { ApiTokensCard } from "./api-tokens/api-tokens-card";
import { CalendarCard } from "./calendar/calendar-card";
import { SlackCard } from "./channels/slack-card";
import { TeamsCard } from "./channels/teams-card";
import { WebhooksCard } from "./channels/webhooks-card";
import { QuietPeopleCard } from "./check-ins/quiet-people-card";
import { GettingStartedCard } from "./getting-started/getting-started-card";
import { IdentityCard } from "./identity/identity-card";
import { NewsletterCard } from "./newsletters/newsletter-card";
import { OperationsNav } from "./operations/operations-nav";
import { operationsPartTexts } from "./operations/operations-part-texts";
import { AdminActionsCard } from "./pairings/admin-actions-card";
import { CompletedPairingsCard } from "./pairings/completed-pairings-card";
import { RosterSyncCard } from "./pairings/roster-sync-card";
import { StatusCounters } from "./pairings/status-counters";
import { RetentionCard } from "./privacy/retention-card";
import { ActivityCard } from "./rounds/activity-card";
import { RoundsCard } from "./rounds/rounds-card";
import { useAdminView } from "./use-admin-view";

/** The cards of each part of Operations, so that each part fits a screen or two. */
const partCards: Record<OperationsPart, () => ReactNode> = {
  pairing: () => (
    <>
      <GettingStartedCard />
      <StatusCounters />
      <RoundsCard />
      <AdminActionsCard />
      <CompletedPairingsCard />
    </>
  ),
  newsletters: () => <NewsletterCard />,
  people: () => (
    <>
      <QuietPeopleCard />
      <RosterSyncCard />
      <ActivityCard />
    </>
  ),
  channels: () => (
    <>
      <SlackCard />
      <TeamsCard />
      <WebhooksCard />
    </>
  ),
  settings: () => (
    <>
      <IdentityCard />
      <CalendarCard />
      <AdminsCard />
      <ApiTokensCard />
      <RetentionCard />
    </>
  ),
};

/**
 * The admin dashboard's default tab, in parts with addresses of their own (docs/admin-console.md):
 * pairing at /admin itself, then newsletters, people & activity, chat & webhooks and settings.
 */
export function OperationsTab() {
  const { view } = useAdminView();
  const part = view?.part ?? "pairing";
  const texts = operationsPartTexts.find((each) => each.part === part) ?? operationsPartTexts[0];
  const Cards = partCards[part];
  return (
    <div className="grid gap-6">
      <OperationsNav current={part} />
      <section aria-labelledby="operations-part-heading" className="grid gap-6">
        <div className="space-y-1">
          <h2 id="operations-part-heading" className="text-2xl font-semibold text-coffee-950">
            {texts.heading}
          </h2>
          <p className="text-coffee-700">{texts.text}</p>
        </div>
        <Cards />
      </section>
    </div>
  );
}
