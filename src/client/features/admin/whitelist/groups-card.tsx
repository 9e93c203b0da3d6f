import type { DomainGroup } from "@shared/whitelist";
import { Settings, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { ListSkeleton, QueryState } from "../../../components/ui/query-state";
import { useConfirm } from "../../../components/ui/use-confirm";
import { whitelistApi } from "../../../lib/api/admin-whitelist";
import { GroupImpactText } from "../impact/impact-text";
import { AddGroupForm } from "./add-group-form";
import { ManageGroupDialog } from "./manage-group-dialog";
import {
  entryCountText,
  successToast,
  useAllowedEmails,
  useDomainGroups,
  useWhitelistMutation,
} from "./whitelist-queries";

export function GroupsCard() {
  const groups = useDomainGroups();
  const entries = useAllowedEmails();
  const [managing, setManaging] = useState<DomainGroup | null>(null);
  const { confirm, dialog } = useConfirm();

  const remove = useWhitelistMutation({
    mutationFn: (group: DomainGroup) => whitelistApi.deleteGroup(group.id),
    onSuccess: (_data, group) => successToast(`Domain group "${group.displayName}" was deleted.`),
    failure: "Failed to delete domain group",
  });

  const onDelete = (group: DomainGroup) => {
    confirm({
      title: `Delete the group "${group.displayName}"?`,
      description: <GroupImpactText id={group.id} />,
      confirmLabel: "Delete group",
      destructive: true,
      onConfirm: () => remove.mutate(group),
    });
  };

  const countFor = (groupId: number) =>
    entryCountText(entries.data?.filter((e) => e.domainGroupId === groupId) ?? []);

  return (
    <Card>
      {dialog}
      <CardHeader>
        <CardTitle as="h3">Domain Groups</CardTitle>
        <CardDescription>
          Group whitelisted e-mails so each group is paired and announced on its own.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <QueryState
          query={groups}
          failure="Failed to load domain groups"
          empty="No domain groups yet."
          loading={<ListSkeleton label="Loading groups..." />}
        >
          {(data) => (
            <ul className="grid gap-3 sm:grid-cols-2">
              {data.map((group) => (
                <GroupItem
                  key={group.id}
                  group={group}
                  count={countFor(group.id)}
                  deleting={remove.isPending}
                  onManage={() => setManaging(group)}
                  onDelete={() => onDelete(group)}
                />
              ))}
            </ul>
          )}
        </QueryState>
        <AddGroupForm />
      </CardContent>
      <ManageGroupDialog group={managing} onClose={() => setManaging(null)} />
    </Card>
  );
}

/** One group: its colour, names, entry count and description, Manage and Delete. */
function GroupItem({
  group,
  count,
  deleting,
  onManage,
  onDelete,
}: {
  group: DomainGroup;
  count: string;
  deleting: boolean;
  onManage: () => void;
  onDelete: () => void;
}) {
  return (
    <li className="flex items-start gap-3 rounded-lg border border-coffee-200 bg-white p-3">
      <span
        aria-hidden="true"
        className="mt-1.5 size-3 shrink-0 rounded-full"
        style={{ backgroundColor: group.color }}
      />
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words text-coffee-950">{group.displayName}</p>
        <p className="text-sm break-words text-coffee-700">
          {group.name} · {count}
        </p>
        {group.description && (
          <p className="text-sm break-words text-coffee-700">{group.description}</p>
        )}
      </div>
      <div className="flex shrink-0 gap-1">
        <Button
          variant="outline"
          size="icon"
          aria-label={`Manage ${group.displayName}`}
          onClick={onManage}
        >
          <Settings aria-hidden="true" />
        </Button>
        <Button
          variant="outline"
          size="icon"
          aria-label={`Delete ${group.displayName}`}
          disabled={deleting}
          onClick={onDelete}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}
