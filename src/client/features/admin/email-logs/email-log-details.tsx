import type { EmailLog, EmailLogEntry } from "@shared/newsletters";
import { format } from "date-fns";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs";
import { LogEmailPreview } from "./log-email-preview";
import { RetryFailedButton } from "./retry-failed-button";
import { MatchValidatedBadge, SendStatusBadge } from "./send-status-badge";

const PAGE = 50;

export const sentAtText = (iso: string) => format(new Date(iso), "d MMM yyyy, HH:mm");

/** One send's details: Overview, Send Entries, Validation Summary and Preview Email. */
export function EmailLogDetails({ log, onClose }: { log: EmailLog | null; onClose: () => void }) {
  return (
    <Dialog open={log !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-sm:p-4 sm:max-w-3xl">
        {log && (
          <>
            <DialogHeader>
              <DialogTitle>{log.newsletter_title}</DialogTitle>
              <DialogDescription>Sent {sentAtText(log.sent_at)}</DialogDescription>
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
                <Entries entries={log.entries} />
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

function Overview({ log }: { log: EmailLog }) {
  const rate =
    log.total_recipients > 0
      ? `${Math.round((log.successful_sends / log.total_recipients) * 1000) / 10}%`
      : "—";
  return (
    <div className="grid gap-4">
      <Facts
        facts={[
          ["Month", `${log.month}/${log.year}`],
          ["Sent at", sentAtText(log.sent_at)],
          ["Pairing", log.pairing_display ?? log.pairing_file ?? "None"],
          ["Domain group", log.domain_group_name ?? "All Users"],
          ["Recipients", log.total_recipients],
          ["Successful", log.successful_sends],
          ["Failed", log.failed_sends],
          ["Success rate", rate],
          ["Archive", log.archive_filename ?? "—"],
        ]}
      />
      <RetryFailedButton log={log} />
    </div>
  );
}

function Entries({ entries }: { entries: EmailLogEntry[] }) {
  const [shown, setShown] = useState(PAGE);
  if (entries.length === 0) return <p className="text-sm text-coffee-700">No send entries.</p>;
  return (
    <div className="grid gap-2">
      <ul className="grid gap-2" aria-label="Send entries">
        {entries.slice(0, shown).map((entry, i) => (
          <li
            key={`${entry.user_email}-${i}`}
            className="grid gap-1 rounded-lg border border-coffee-200 p-3 text-sm"
          >
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-medium break-all">{entry.user_email}</span>
              <SendStatusBadge status={entry.send_status} />
              <MatchValidatedBadge validated={entry.match_validated} />
            </p>
            <p className="break-all text-coffee-700">
              Match: {entry.match_email ?? "none this month"}
            </p>
            {entry.timestamp && <p className="text-coffee-700">{sentAtText(entry.timestamp)}</p>}
            {(entry.error_code || entry.error_message) && (
              <p className="break-words text-red-700">
                {[entry.error_code, entry.error_message ?? entry.failure_reason]
                  .filter(Boolean)
                  .join(": ")}
              </p>
            )}
          </li>
        ))}
      </ul>
      {shown < entries.length && (
        <Button variant="outline" size="sm" onClick={() => setShown((n) => n + PAGE)}>
          Show more ({entries.length - shown} left)
        </Button>
      )}
    </div>
  );
}

function ValidationSummary({ log }: { log: EmailLog }) {
  const summary = log.match_validation_summary;
  const issues = log.entries.filter((e) => e.validation_issues.length > 0);
  return (
    <div className="grid gap-4">
      <Facts
        facts={[
          ["Total matches", summary.total_matches],
          ["Validated matches", summary.validated_matches],
          ["Mismatches", summary.mismatches],
        ]}
      />
      {issues.length === 0 ? (
        <p className="text-sm text-coffee-700">No validation issues.</p>
      ) : (
        <ul className="grid gap-2 text-sm" aria-label="Validation issues">
          {issues.map((entry, i) => (
            <li key={`${entry.user_email}-${i}`} className="grid gap-1">
              <span className="font-medium break-all">{entry.user_email}</span>
              <ul className="list-disc pl-5">
                {entry.validation_issues.map((issue, j) => (
                  <li key={`${j}-${issue}`} className="break-words">
                    {issue}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
