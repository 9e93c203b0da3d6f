import {
  AUTOMATIC_MAIL_KIND_NAMES,
  AUTOMATIC_MAILS_DAYS,
  type AutomaticMail,
  automaticMailKinds,
} from "@shared/email-logs";
import { atInZone } from "@shared/zone-clock";
import { useId, useState } from "react";
import { Badge } from "../../../components/ui/badge";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { Label } from "../../../components/ui/label";
import { QueryState } from "../../../components/ui/query-state";
import { Select } from "../../../components/ui/select";
import type { AutomaticMailFilters } from "../../../lib/api/admin-newsletters";
import { ListSkeleton } from "../newsletters/list-skeleton";
import { useAutomaticMails } from "../newsletters/newsletter-queries";
import { useCompanyTimeZone } from "../use-company-time-zone";
import { MoreButton } from "./email-log-entries";

const OUTCOMES: Array<[AutomaticMailFilters["outcome"], string]> = [
  ["all", "Any outcome"],
  ["sent", "Sent"],
  ["pending", "Waiting"],
  ["failed", "Failed"],
];

/**
 * Automatic e-mails: the outbox's messages of the last 30 days (match changes, check-in
 * questions, …), newest first, with each recipient's outcome; never a sign-in code or link.
 */
export function AutomaticMails() {
  const kindId = useId();
  const outcomeId = useId();
  const [filters, setFilters] = useState<AutomaticMailFilters>({ kind: "all", outcome: "all" });
  const query = useAutomaticMails(filters);
  const messages = query.data?.pages.flatMap((p) => p.messages) ?? [];
  const total = query.data?.pages.at(-1)?.total ?? 0;
  const filtered = filters.kind !== "all" || filters.outcome !== "all";

  return (
    <Card>
      <CardHeader>
        <CardTitle>Automatic e-mails</CardTitle>
        <CardDescription>
          The e-mails Cup of Joe sent on its own in the last {AUTOMATIC_MAILS_DAYS} days, newest
          first: who received them and what failed. Sign-in codes and links are not listed.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor={kindId}>Kind</Label>
            <Select
              id={kindId}
              value={filters.kind}
              onChange={(event) =>
                setFilters({ ...filters, kind: event.target.value as AutomaticMailFilters["kind"] })
              }
            >
              <option value="all">All kinds</option>
              {automaticMailKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {AUTOMATIC_MAIL_KIND_NAMES[kind]}
                </option>
              ))}
            </Select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={outcomeId}>Outcome</Label>
            <Select
              id={outcomeId}
              value={filters.outcome}
              onChange={(event) =>
                setFilters({
                  ...filters,
                  outcome: event.target.value as AutomaticMailFilters["outcome"],
                })
              }
            >
              {OUTCOMES.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          </div>
        </div>
        <QueryState
          query={query}
          failure="Failed to fetch automatic e-mails"
          loading={<ListSkeleton label="Loading automatic e-mails..." />}
          empty={
            <p className="text-sm text-coffee-700">
              {filtered
                ? "No automatic e-mails match these filters."
                : `No automatic e-mails in the last ${AUTOMATIC_MAILS_DAYS} days.`}
            </p>
          }
          isEmpty={() => total === 0}
        >
          {() => (
            <div className="grid gap-2">
              <ul className="grid gap-2" aria-label="Automatic e-mails">
                {messages.map((message) => (
                  <AutomaticMailRow key={message.id} message={message} />
                ))}
              </ul>
              <MoreButton
                left={total - messages.length}
                pending={query.isFetchingNextPage}
                onMore={() => query.fetchNextPage()}
              />
            </div>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function AutomaticMailRow({ message }: { message: AutomaticMail }) {
  const when = message.sent_at ?? message.queued_at;
  const zone = useCompanyTimeZone();
  return (
    <li className="grid gap-1 rounded-lg border border-coffee-200 p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">{message.name}</span>
        <Outcome message={message} />
      </div>
      <span className="break-all">{message.recipient}</span>
      <time dateTime={when} className="text-coffee-700">
        {message.sent_at ? "Sent" : "Queued"} {atInZone(when, zone)}
      </time>
    </li>
  );
}

/** Sent, Waiting, or Failed with the mail server's reason. */
function Outcome({ message }: { message: AutomaticMail }) {
  if (message.state === "sent") return <Badge color="green">Sent</Badge>;
  if (message.state === "pending") return <Badge color="yellow">Waiting</Badge>;
  const reason = message.error_message ?? message.error_code ?? "no reason given";
  return (
    <Badge color="red" className="whitespace-normal break-words">
      Failed: {reason}
    </Badge>
  );
}
