import { AdminsCard } from "./admins/admins-card";
import { SlackCard } from "./chat/slack-card";
import { WebhooksCard } from "./chat/webhooks-card";
import { QuietPeopleCard } from "./check-ins/quiet-people-card";
import { GettingStartedCard } from "./getting-started/getting-started-card";
import { IdentityCard } from "./identity/identity-card";
import { NewsletterCard } from "./newsletters/newsletter-card";
import { AdminActionsCard } from "./pairings/admin-actions-card";
import { CompletedPairingsCard } from "./pairings/completed-pairings-card";
import { RosterSyncCard } from "./pairings/roster-sync-card";
import { StatusCounters } from "./pairings/status-counters";
import { RetentionCard } from "./privacy/retention-card";
import { ActivityCard } from "./rounds/activity-card";
import { RoundsCard } from "./rounds/rounds-card";

/** The admin dashboard's default tab. */
export function OperationsTab() {
  return (
    <div className="grid gap-6">
      <GettingStartedCard />
      <StatusCounters />
      <RoundsCard />
      <AdminActionsCard />
      <CompletedPairingsCard />
      <QuietPeopleCard />
      <ActivityCard />
      <RosterSyncCard />
      <IdentityCard />
      <AdminsCard />
      <SlackCard />
      <WebhooksCard />
      <NewsletterCard />
      <RetentionCard />
    </div>
  );
}
