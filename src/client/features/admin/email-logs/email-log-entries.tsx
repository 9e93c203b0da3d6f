import type { EmailLog, EmailLogEntry } from "@shared/newsletters";
import { atInZone } from "@shared/zone-clock";
import type { ReactNode } from "react";
import { Button } from "../../../components/ui/button";
import { QueryState } from "../../../components/ui/query-state";
import { useEmailLogEntries } from "../newsletters/newsletter-queries";
import { useCompanyTimeZone } from "../use-company-time-zone";
import { MatchValidatedBadge, SendStatusBadge } from "./send-status-badge";

/** The pages of a send's entries loaded so far, flattened, and how many the filter keeps. */
function loaded(data: { pages: Array<{ entries: EmailLogEntry[]; total: number }> } | undefined) {
  return {
    entries: data?.pages.flatMap((p) => p.entries) ?? [],
    total: data?.pages.at(-1)?.total ?? 0,
  };
}

/** "Show more": the next page of a paged entry list, with how many are left. */
export function MoreButton({
  left,
  pending,
  onMore,
}: {
  left: number;
  pending: boolean;
  onMore: () => void;
}) {
  if (left <= 0) return null;
  return (
    <Button variant="outline" size="sm" onClick={onMore} disabled={pending}>
      {pending ? "Loading..." : `Show more (${left} left)`}
    </Button>
  );
}

/** One filter of a send's entries as a paged list: 50 at a time, read from the server on demand. */
function PagedEntries({
  log,
  filter,
  failure,
  empty,
  label,
  listClassName,
  item,
}: {
  log: EmailLog;
  filter: "all" | "issues";
  failure: string;
  empty: string;
  label: string;
  listClassName: string;
  item: (entry: EmailLogEntry, key: string) => ReactNode;
}) {
  const query = useEmailLogEntries(log.id, filter);
  const { entries, total } = loaded(query.data);
  return (
    <QueryState
      query={query}
      failure={failure}
      empty={<p className="text-sm text-coffee-700">{empty}</p>}
      isEmpty={() => total === 0}
    >
      {() => (
        <div className="grid gap-2">
          <ul className={listClassName} aria-label={label}>
            {entries.map((entry, i) => item(entry, `${entry.user_email}-${i}`))}
          </ul>
          <MoreButton
            left={total - entries.length}
            pending={query.isFetchingNextPage}
            onMore={() => query.fetchNextPage()}
          />
        </div>
      )}
    </QueryState>
  );
}

/** Send Entries: one card per recipient. */
export function SendEntries({ log }: { log: EmailLog }) {
  return (
    <PagedEntries
      log={log}
      filter="all"
      failure="Failed to load the send entries"
      empty="No send entries."
      label="Send entries"
      listClassName="grid gap-2"
      item={(entry, key) => <EntryCard key={key} entry={entry} />}
    />
  );
}

function EntryCard({ entry }: { entry: EmailLogEntry }) {
  const zone = useCompanyTimeZone();
  return (
    <li className="grid gap-1 rounded-lg border border-coffee-200 p-3 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-medium break-all">{entry.user_email}</span>
        <SendStatusBadge status={entry.send_status} />
        <MatchValidatedBadge validated={entry.match_validated} />
      </p>
      <p className="break-all text-coffee-700">Match: {entry.match_email ?? "none this month"}</p>
      {entry.timestamp && <p className="text-coffee-700">{atInZone(entry.timestamp, zone)}</p>}
      {(entry.error_code || entry.error_message) && (
        <p className="break-words text-red-700">
          {[entry.error_code, entry.error_message ?? entry.failure_reason]
            .filter(Boolean)
            .join(": ")}
        </p>
      )}
    </li>
  );
}

/** The entries with validation issues, each with its issues. */
export function ValidationIssues({ log }: { log: EmailLog }) {
  return (
    <PagedEntries
      log={log}
      filter="issues"
      failure="Failed to load the validation issues"
      empty="No validation issues."
      label="Validation issues"
      listClassName="grid gap-2 text-sm"
      item={(entry, key) => (
        <li key={key} className="grid gap-1">
          <span className="font-medium break-all">{entry.user_email}</span>
          <ul className="list-disc pl-5">
            {entry.validation_issues.map((issue, j) => (
              <li key={`${j}-${issue}`} className="break-words">
                {issue}
              </li>
            ))}
          </ul>
        </li>
      )}
    />
  );
}

/** The recipients of the entries loaded so far (the Preview Email choice), and whether any exist. */
export function useLoadedRecipients(log: EmailLog) {
  const query = useEmailLogEntries(log.id, "all");
  return { query, recipients: loaded(query.data).entries.map((e) => e.user_email) };
}
