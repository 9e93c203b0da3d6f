import type { EmailLog } from "@shared/newsletters";
import { pairingGroupLabel } from "@shared/pairing-file-names";
import { atInZone } from "@shared/zone-clock";
import { Download, Eye } from "lucide-react";
import { useState } from "react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";
import { emailLogsApi } from "../../../lib/api/admin-newsletters";
import { errorMessage } from "../../../lib/api-client";
import { redirectIfUnauthorized } from "../../unauthorized";
import { useCompanyTimeZone } from "../use-company-time-zone";
import { useHasGroups } from "../use-has-groups";

/** Downloads the month's log as CSV, named as the server says (else email_log_{month}{year}.csv). */
async function downloadCsv(log: EmailLog) {
  const { blob, fileName } = await emailLogsApi.csv(log.month, log.year);
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName ?? `email_log_${String(log.month).padStart(2, "0")}${log.year}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** One send's log card: title, badges, sent time, readable pairing, counts, details and CSV. */
export function EmailLogCard({ log, onView }: { log: EmailLog; onView: () => void }) {
  const [downloading, setDownloading] = useState(false);
  const zone = useCompanyTimeZone();
  const group = pairingGroupLabel(log.domain_group_name, useHasGroups());
  async function onDownload() {
    setDownloading(true);
    try {
      await downloadCsv(log);
    } catch (error) {
      if (!redirectIfUnauthorized(error)) {
        toast({
          title: "Download Failed",
          description: errorMessage(error, "The CSV could not be downloaded."),
          variant: "destructive",
        });
      }
    } finally {
      setDownloading(false);
    }
  }

  return (
    <li className="grid gap-3 rounded-lg border border-coffee-200 p-3 md:grid-cols-[1fr_auto] md:items-center">
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-words">{log.newsletter_title}</span>
          {log.is_archived && <Badge color="grey">Archived</Badge>}
          {group && <Badge color="blue">{group}</Badge>}
        </p>
        <p className="text-sm text-coffee-700">Sent {atInZone(log.sent_at, zone)}</p>
        {(log.pairing_display ?? log.pairing_file) && (
          <p className="text-sm break-words text-coffee-700">
            Pairing: {log.pairing_display ?? log.pairing_file}
          </p>
        )}
        <p className="text-sm text-coffee-700">
          {log.total_recipients} recipients · {log.successful_sends} successful · {log.failed_sends}{" "}
          failed
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          onClick={onView}
          aria-label={`View Details: ${log.newsletter_title}`}
        >
          <Eye aria-hidden="true" />
          View Details
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={onDownload}
          disabled={downloading}
          aria-label={`${downloading ? "Downloading..." : "Download CSV"}: ${log.newsletter_title}`}
        >
          <Download aria-hidden="true" />
          {downloading ? "Downloading..." : "Download CSV"}
        </Button>
      </div>
    </li>
  );
}
