import type { AllowedEmail } from "@shared/whitelist";
import { Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { ListSkeleton, QueryState } from "../../../components/ui/query-state";
import { Select } from "../../../components/ui/select";
import { useConfirm } from "../../../components/ui/use-confirm";
import { whitelistApi } from "../../../lib/api/admin-whitelist";
import { EntryImpactText } from "../impact/impact-text";
import {
  entryCountText,
  successToast,
  useAllowedEmails,
  useDomainGroups,
  useWhitelistMutation,
} from "./whitelist-queries";

/**
 * Entries drawn before "Show all": an imported company of hundreds would otherwise push the add
 * forms and the invitations thousands of pixels down.
 */
const ENTRIES_SHOWN_FIRST = 20;

export function EntriesCard() {
  const entries = useAllowedEmails();
  const [showAll, setShowAll] = useState(false);
  const listId = useId();
  const groups = useDomainGroups();
  const options = (groups.data ?? []).map((g) => ({ value: String(g.id), label: g.displayName }));

  const assign = useWhitelistMutation({
    mutationFn: ({ entry, domainGroupId }: { entry: AllowedEmail; domainGroupId: number | null }) =>
      whitelistApi.assignEmail(entry.id, domainGroupId),
    onSuccess: () => successToast("Email assignment updated."),
    failure: "Failed to update email assignment",
  });

  const remove = useWhitelistMutation({
    mutationFn: (entry: AllowedEmail) => whitelistApi.removeEmail(entry.id),
    // The server's message also says who lost access and what happens to their current match.
    onSuccess: (data, entry) =>
      successToast(data?.message ?? `${entry.email} was removed from the whitelist.`),
    failure: "Failed to remove email",
  });

  const { confirm, dialog } = useConfirm();
  const onRemove = (entry: AllowedEmail) =>
    confirm({
      title: "Remove from the whitelist?",
      description: <EntryImpactText id={entry.id} email={entry.email} />,
      confirmLabel: "Remove",
      destructive: true,
      onConfirm: () => remove.mutate(entry),
    });

  return (
    <Card>
      {dialog}
      <CardHeader>
        <CardTitle as="h3">
          Whitelisted Emails{entries.data ? ` (${entryCountText(entries.data)})` : ""}
        </CardTitle>
        <CardDescription>
          Only these addresses and domains can sign in. With no entries, nobody can sign up.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={entries}
          failure="Failed to load the whitelist"
          empty="No emails are whitelisted yet, so nobody can sign up."
          loading={<ListSkeleton label="Loading whitelist..." />}
        >
          {(data) => (
            <>
              <ul id={listId} className="divide-y divide-coffee-200">
                {(showAll ? data : data.slice(0, ENTRIES_SHOWN_FIRST)).map((entry) => (
                  <EntryRow
                    key={entry.id}
                    entry={entry}
                    options={options}
                    assigning={assign.isPending}
                    removing={remove.isPending}
                    onAssign={(domainGroupId) => assign.mutate({ entry, domainGroupId })}
                    onRemove={() => onRemove(entry)}
                  />
                ))}
              </ul>
              {data.length > ENTRIES_SHOWN_FIRST && (
                <Button
                  variant="outline"
                  className="mt-3"
                  aria-controls={listId}
                  aria-expanded={showAll}
                  onClick={() => setShowAll(!showAll)}
                >
                  {showAll
                    ? `Show only the first ${ENTRIES_SHOWN_FIRST}`
                    : `Show all ${data.length} entries`}
                </Button>
              )}
            </>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

/** One whitelisted address or domain: its group and the remove button. */
function EntryRow({
  entry,
  options,
  assigning,
  removing,
  onAssign,
  onRemove,
}: {
  entry: AllowedEmail;
  options: { value: string; label: string }[];
  assigning: boolean;
  removing: boolean;
  onAssign: (domainGroupId: number | null) => void;
  onRemove: () => void;
}) {
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium break-all text-coffee-950">
          {entry.email}
          {entry.email.startsWith("*@") && <Badge color="blue">Domain</Badge>}
          {entry.domainGroup && <Badge color="brown">{entry.domainGroup.displayName}</Badge>}
        </p>
        {entry.reason && <p className="text-sm break-words text-coffee-700">{entry.reason}</p>}
      </div>
      <div className="flex items-center gap-2 sm:w-72">
        <Select
          aria-label={`Group for ${entry.email}`}
          value={entry.domainGroupId === null ? "" : String(entry.domainGroupId)}
          placeholder="No group"
          options={options}
          disabled={assigning}
          onChange={(e) => onAssign(e.target.value ? Number(e.target.value) : null)}
        />
        <Button
          variant="outline"
          size="icon"
          aria-label={`Remove ${entry.email}`}
          disabled={removing}
          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}
