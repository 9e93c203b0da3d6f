import { type AdminDepartment, DEFAULT_DEPARTMENT } from "@shared/departments";
import type { DomainGroup } from "@shared/whitelist";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { QueryState } from "../../components/ui/query-state";
import { toast } from "../../components/ui/toast";
import { departmentsApi } from "../../lib/api/admin-departments";
import { cn } from "../../lib/cn";
import { CompanyDepartmentsCard } from "./departments/company-departments-card";
import { DepartmentDialog } from "./departments/department-dialog";
import {
  useDepartmentMutation,
  useDomainGroupList,
  useGroupDepartments,
} from "./departments/department-queries";
import { DepartmentImpactText } from "./impact/impact-text";

/**
 * Admin dashboard "departments" tab: opens on the first domain group and lists its departments
 * by display name, with add, rename and delete.
 */
export function DepartmentsTab() {
  const groups = useDomainGroupList();
  const [groupId, setGroupId] = useState<number | null>(null);
  const selected = groups.data?.find((g) => g.id === groupId) ?? groups.data?.[0] ?? null;

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Department Management</CardTitle>
          <CardDescription>Choose a domain group to manage its departments.</CardDescription>
        </CardHeader>
        <CardContent>
          <QueryState
            query={groups}
            failure="Failed to load groups"
            empty="No domain groups: the company-wide departments below are everyone's list."
          >
            {(data) => (
              <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {data.map((group) => (
                  <li key={group.id}>
                    <GroupButton
                      group={group}
                      pressed={group.id === selected?.id}
                      onClick={() => setGroupId(group.id)}
                    />
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        </CardContent>
      </Card>
      {selected && <GroupDepartments key={selected.id} group={selected} />}
      {groups.isSuccess && groups.data.length === 0 && <CompanyDepartmentsCard />}
    </div>
  );
}

function GroupButton({
  group,
  pressed,
  onClick,
}: {
  group: DomainGroup;
  pressed: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        "flex w-full items-start gap-3 rounded-lg border p-4 text-left transition-colors hover:bg-coffee-50",
        pressed
          ? "border-amber-700 bg-amber-50 ring-1 ring-amber-700"
          : "border-coffee-200 bg-white",
      )}
    >
      <span
        aria-hidden="true"
        className="mt-1 size-3 shrink-0 rounded-full"
        style={{ backgroundColor: group.color ?? "#3B82F6" }}
      />
      <span className="min-w-0">
        <span className="block font-semibold break-words text-coffee-950">{group.displayName}</span>
        <span className="block text-sm break-words text-coffee-700">
          {group.description || group.name}
        </span>
      </span>
    </button>
  );
}

function GroupDepartments({ group }: { group: DomainGroup }) {
  const list = useGroupDepartments(group.id);
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<AdminDepartment | null>(null);
  const [deleting, setDeleting] = useState<AdminDepartment | null>(null);

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle>Departments of {group.displayName}</CardTitle>
          <CardDescription>
            People in a deleted department move to "{DEFAULT_DEPARTMENT}".
          </CardDescription>
        </div>
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          Add Department
        </Button>
      </CardHeader>
      <CardContent>
        <QueryState
          query={list}
          failure="Failed to load departments"
          empty="No departments found for this group"
        >
          {(data) => (
            <ul
              aria-label={`Departments of ${group.displayName}`}
              className="divide-y divide-coffee-100"
            >
              {data.map((department) => (
                <DepartmentRow
                  key={department.id}
                  department={department}
                  onRename={() => setRenaming(department)}
                  onDelete={() => setDeleting(department)}
                />
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
      <DepartmentDialog open={adding} onOpenChange={setAdding} groupId={group.id} />
      <DepartmentDialog
        open={renaming !== null}
        onOpenChange={(open) => !open && setRenaming(null)}
        groupId={group.id}
        department={renaming ?? undefined}
      />
      <DeleteDepartmentDialog
        groupId={group.id}
        department={deleting}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}

function DepartmentRow({
  department,
  onRename,
  onDelete,
}: {
  department: AdminDepartment;
  onRename: () => void;
  onDelete: () => void;
}) {
  const people = department.userCount === 1 ? "1 person" : `${department.userCount} people`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium break-words text-coffee-950">
          {department.displayName}
          {department.name === DEFAULT_DEPARTMENT && <Badge color="blue">Default</Badge>}
        </p>
        <p className="text-sm text-coffee-700">{people}</p>
      </div>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          aria-label={`Rename ${department.displayName}`}
          onClick={onRename}
        >
          <Pencil aria-hidden="true" />
          Rename
        </Button>
        {department.name !== DEFAULT_DEPARTMENT && (
          <Button
            variant="outline"
            size="sm"
            aria-label={`Delete ${department.displayName}`}
            onClick={onDelete}
          >
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        )}
      </div>
    </li>
  );
}

function DeleteDepartmentDialog({
  groupId,
  department,
  onClose,
}: {
  groupId: number;
  department: AdminDepartment | null;
  onClose: () => void;
}) {
  const remove = useDepartmentMutation({
    mutationFn: (target: AdminDepartment) => departmentsApi.remove(groupId, target.id),
    onSuccess: (result) => {
      onClose();
      toast({ title: "Department deleted", description: result.message });
    },
    failure: "Failed to delete department",
  });
  if (!department) return null;
  return (
    <ConfirmDialog
      title={`Delete "${department.displayName}"?`}
      description={
        <DepartmentImpactText
          groupId={groupId}
          departmentId={department.id}
          fallback={DEFAULT_DEPARTMENT}
        />
      }
      confirmLabel={remove.isPending ? "Deleting..." : "Delete Department"}
      pending={remove.isPending}
      destructive
      onConfirm={() => remove.mutate(department)}
      onClose={onClose}
    />
  );
}
