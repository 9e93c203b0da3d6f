import {
  type CreateDomainGroup,
  createDomainGroupSchema,
  DEFAULT_GROUP_COLOR,
  type DomainGroup,
  HEX_COLOR,
} from "@shared/whitelist";
import { Plus, Settings, Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { FieldError, Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { ListSkeleton, QueryState } from "../../../components/ui/query-state";
import { useConfirm } from "../../../components/ui/use-confirm";
import { apiRequest } from "../../../lib/api-client";
import { ManageGroupDialog } from "./manage-group-dialog";
import {
  entryCountText,
  successToast,
  useAllowedEmails,
  useDomainGroups,
  useWhitelistMutation,
} from "./whitelist-queries";

const emptyForm = { name: "", displayName: "", description: "", color: DEFAULT_GROUP_COLOR };

export function GroupsCard() {
  const groups = useDomainGroups();
  const entries = useAllowedEmails();
  const [form, setForm] = useState(emptyForm);
  const [formError, setFormError] = useState<string>();
  const [managing, setManaging] = useState<DomainGroup | null>(null);
  const id = useId();
  const { confirm, dialog } = useConfirm();

  const create = useWhitelistMutation({
    mutationFn: (body: CreateDomainGroup) =>
      apiRequest<DomainGroup>("POST", "/api/admin/domain-groups", body),
    onSuccess: (group) => {
      successToast(`Domain group "${group.displayName}" was created.`);
      setForm(emptyForm);
    },
    failure: "Failed to create domain group",
  });

  const remove = useWhitelistMutation({
    mutationFn: (group: DomainGroup) =>
      apiRequest("DELETE", `/api/admin/domain-groups/${group.id}`),
    onSuccess: (_data, group) => successToast(`Domain group "${group.displayName}" was deleted.`),
    failure: "Failed to delete domain group",
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createDomainGroupSchema.safeParse(form);
    setFormError(parsed.error?.issues[0]?.message);
    if (parsed.success) {
      create.mutate({ ...parsed.data, description: parsed.data.description || null });
    }
  };

  const onDelete = (group: DomainGroup) => {
    confirm({
      title: `Delete the group "${group.displayName}"?`,
      description: "This will unassign all emails from this group",
      confirmLabel: "Delete group",
      destructive: true,
      onConfirm: () => remove.mutate(group),
    });
  };

  const countFor = (groupId: number) =>
    entryCountText(entries.data?.filter((e) => e.domainGroupId === groupId) ?? []);
  const set = (key: keyof typeof emptyForm) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

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
                <li
                  key={group.id}
                  className="flex items-start gap-3 rounded-lg border border-coffee-200 bg-white p-3"
                >
                  <span
                    aria-hidden="true"
                    className="mt-1.5 size-3 shrink-0 rounded-full"
                    style={{ backgroundColor: group.color }}
                  />
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold break-words text-coffee-950">{group.displayName}</p>
                    <p className="text-sm break-words text-coffee-700">
                      {group.name} · {countFor(group.id)}
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
                      onClick={() => setManaging(group)}
                    >
                      <Settings aria-hidden="true" />
                    </Button>
                    <Button
                      variant="outline"
                      size="icon"
                      aria-label={`Delete ${group.displayName}`}
                      disabled={remove.isPending}
                      onClick={() => onDelete(group)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </QueryState>

        <form
          noValidate
          onSubmit={onSubmit}
          className="grid gap-4 border-t border-coffee-200 pt-4 md:grid-cols-2"
        >
          <h4 className="font-semibold text-coffee-900 md:col-span-2">Add Group</h4>
          <div className="space-y-2">
            <Label htmlFor={`${id}-name`}>Name</Label>
            <Input
              id={`${id}-name`}
              placeholder="e.g. acme"
              className="placeholder:italic"
              value={form.name}
              onChange={set("name")}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${id}-display`}>Display name</Label>
            <Input
              id={`${id}-display`}
              placeholder="e.g. Acme Corp"
              className="placeholder:italic"
              value={form.displayName}
              onChange={set("displayName")}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${id}-description`}>Description (optional)</Label>
            <Input
              id={`${id}-description`}
              value={form.description}
              onChange={set("description")}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${id}-color`}>Colour</Label>
            <div className="flex gap-2">
              <input
                type="color"
                aria-label="Pick a colour"
                value={HEX_COLOR.test(form.color) ? form.color : DEFAULT_GROUP_COLOR}
                onChange={set("color")}
                className="h-10 w-12 shrink-0 cursor-pointer rounded-md border border-coffee-300 bg-white p-1"
              />
              <Input id={`${id}-color`} value={form.color} onChange={set("color")} />
            </div>
          </div>
          {formError && (
            <FieldError role="alert" className="md:col-span-2">
              {formError}
            </FieldError>
          )}
          <div className="md:col-span-2">
            <Button type="submit" disabled={create.isPending}>
              <Plus aria-hidden="true" />
              {create.isPending ? "Creating..." : "Add Group"}
            </Button>
          </div>
        </form>
      </CardContent>
      <ManageGroupDialog group={managing} onClose={() => setManaging(null)} />
    </Card>
  );
}
