import type { EmailLog } from "@shared/newsletters";
import type { UseQueryResult } from "@tanstack/react-query";
import { useId, useState } from "react";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card";
import { Label } from "../../components/ui/label";
import { QueryState } from "../../components/ui/query-state";
import { Select } from "../../components/ui/select";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { AutomaticMails } from "./email-logs/automatic-mails";
import { EmailLogCard } from "./email-logs/email-log-card";
import { EmailLogDetails } from "./email-logs/email-log-details";
import { ListSkeleton } from "./newsletters/list-skeleton";
import { useEmailLogs } from "./newsletters/newsletter-queries";
import { useDomainGroups } from "./whitelist/whitelist-queries";

const ALL = "all";
const UNASSIGNED = "unassigned";

function matchesGroup(log: EmailLog, group: string): boolean {
  if (group === ALL) return true;
  if (group === UNASSIGNED) return log.domain_group_id === null;
  return String(log.domain_group_id) === group;
}

/** Email Send Logs: the newsletter sends' logs, then the automatic e-mails of the outbox. */
export function EmailLogsTab() {
  return (
    <div className="grid gap-6">
      <NewsletterLogs />
      <AutomaticMails />
    </div>
  );
}

/** The newsletter sends' logs: group filter, current and archived logs, details, CSV. */
function NewsletterLogs() {
  const filterId = useId();
  const groups = useDomainGroups();
  const { current, archived } = useEmailLogs();
  const [group, setGroup] = useState(ALL);
  const [viewing, setViewing] = useState<EmailLog | null>(null);
  const filter = (logs: EmailLog[] | undefined) =>
    (logs ?? []).filter((l) => matchesGroup(l, group));
  const currentLogs = filter(current.data);
  const archivedLogs = filter(archived.data);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Email Send Logs</CardTitle>
        <CardDescription>
          Every newsletter send: who received it, what failed and why. Download a month as CSV.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid max-w-sm gap-2">
          <Label htmlFor={filterId}>Domain group</Label>
          <Select id={filterId} value={group} onChange={(event) => setGroup(event.target.value)}>
            <option value={ALL}>All groups</option>
            <option value={UNASSIGNED}>Unassigned</option>
            {groups.data?.map((g) => (
              <option key={g.id} value={String(g.id)}>
                {g.displayName}
              </option>
            ))}
          </Select>
        </div>
        <Tabs defaultValue="current">
          <TabsList aria-label="Log lists">
            <TabsTrigger value="current">Current Logs ({currentLogs.length})</TabsTrigger>
            <TabsTrigger value="archived">Archived Logs ({archivedLogs.length})</TabsTrigger>
          </TabsList>
          <TabsContent value="current">
            <LogList
              query={current}
              logs={currentLogs}
              label="Current logs"
              failure="Failed to fetch email logs"
              empty="No newsletters have been sent yet."
              onView={setViewing}
            />
          </TabsContent>
          <TabsContent value="archived">
            <LogList
              query={archived}
              logs={archivedLogs}
              label="Archived logs"
              failure="Failed to fetch archived logs"
              empty="No archived logs yet."
              onView={setViewing}
            />
          </TabsContent>
        </Tabs>
      </CardContent>
      <EmailLogDetails log={viewing} onClose={() => setViewing(null)} />
    </Card>
  );
}

function LogList({
  query,
  logs,
  label,
  failure,
  empty,
  onView,
}: {
  query: UseQueryResult<EmailLog[]>;
  logs: EmailLog[];
  label: string;
  failure: string;
  empty: string;
  onView: (log: EmailLog) => void;
}) {
  return (
    <QueryState
      query={query}
      failure={failure}
      loading={<ListSkeleton label="Loading logs..." />}
      empty={query.data?.length ? "No logs for this domain group." : empty}
      isEmpty={() => logs.length === 0}
    >
      {() => (
        <ul className="grid gap-3" aria-label={label}>
          {logs.map((log) => (
            <EmailLogCard key={log.id} log={log} onView={() => onView(log)} />
          ))}
        </ul>
      )}
    </QueryState>
  );
}
