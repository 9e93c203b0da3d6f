import type { EmailLog } from "@shared/newsletters";
import { pairingGroupLabel } from "@shared/pairing-file-names";
import { monthDisplay } from "@shared/pairings";
import { monthKey } from "@shared/round-dates";
import { atInZone } from "@shared/zone-clock";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs";
import { useCompanyTimeZone } from "../use-company-time-zone";
import { useHasGroups } from "../use-has-groups";
import { SendEntries, ValidationIssues } from "./email-log-entries";
import { LogEmailPreview } from "./log-email-preview";
import { RetryFailedButton } from "./retry-failed-button";

/** One send's details: Overview, Send Entries, Validation Summary and Preview Email. */
export function EmailLogDetails({ log, onClose }: { log: EmailLog | null; onClose: () => void }) {
  const zone = useCompanyTimeZone();
  return (
    <Dialog open={log !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-sm:p-4 sm:max-w-3xl">
        {log && (
          <>
            <DialogHeader>
              <DialogTitle>{log.newsletter_title}</DialogTitle>
              <DialogDescription>Sent {atInZone(log.sent_at, zone)}</DialogDescription>
            </DialogHeader>
            <Tabs defaultValue="overview" className="min-w-0">
              <TabsList aria-label="Log details">
                <TabsTrigger value="overview">Overview</TabsTrigger>
                <TabsTrigger value="entries">Send Entries</TabsTrigger>
                <TabsTrigger value="validation">Validation Summary</TabsTrigger>
                <TabsTrigger value="preview">Preview Email</TabsTrigger>
              </TabsList>
              <TabsContent value="overview">
                <Overview log={log} />
              </TabsContent>
              <TabsContent value="entries">
                <SendEntries log={log} />
              </TabsContent>
              <TabsContent value="validation">
                <ValidationSummary log={log} />
              </TabsContent>
              <TabsContent value="preview">
                <LogEmailPreview log={log} />
              </TabsContent>
            </Tabs>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function Facts({ facts }: { facts: Array<[string, string | number]> }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {facts.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs text-coffee-700">{label}</dt>
          <dd className="font-medium break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The send at a glance; the archive's file name is the server's own and is not shown. */
export function Overview({ log }: { log: EmailLog }) {
  const zone = useCompanyTimeZone();
  const group = pairingGroupLabel(log.domain_group_name, useHasGroups());
  const rate =
    log.total_recipients > 0
      ? `${Math.round((log.successful_sends / log.total_recipients) * 1000) / 10}%`
      : "—";
  return (
    <div className="grid gap-4">
      <Facts
        facts={[
          ["Month", monthDisplay(monthKey(log.year, log.month - 1))],
          ["Sent at", atInZone(log.sent_at, zone)],
          ["Pairing", log.pairing_display ?? log.pairing_file ?? "None"],
          ...(group ? [["Domain group", group] as [string, string]] : []),
          ["Recipients", log.total_recipients],
          ["Successful", log.successful_sends],
          ["Failed", log.failed_sends],
          ["Success rate", rate],
        ]}
      />
      <RetryFailedButton log={log} />
    </div>
  );
}

function ValidationSummary({ log }: { log: EmailLog }) {
  const summary = log.match_validation_summary;
  return (
    <div className="grid gap-4">
      <Facts
        facts={[
          ["Total matches", summary.total_matches],
          ["Validated matches", summary.validated_matches],
          ["Mismatches", summary.mismatches],
        ]}
      />
      <ValidationIssues log={log} />
    </div>
  );
}
