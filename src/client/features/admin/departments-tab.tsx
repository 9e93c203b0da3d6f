import { DEFAULT_DEPARTMENT } from "@shared/departments";
import type { DomainGroup } from "@shared/whitelist";
import { Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card";
import { QueryState } from "../../components/ui/query-state";
import { cn } from "../../lib/cn";
import { CompanyDepartmentsCard } from "./departments/company-departments-card";
import { DepartmentDialog } from "./departments/department-dialog";
import { DepartmentList } from "./departments/department-list";
import { useDomainGroupList, useGroupDepartments } from "./departments/department-queries";
import { InterestsAdminCard } from "./offices-and-interests/interests-admin-card";
import { OfficesCard } from "./offices-and-interests/offices-card";

/**
 * Admin dashboard "departments" tab: opens on the first domain group and lists its departments
 * by display name, with add, rename, merge and delete; below, the company-wide list of the
 * people outside any group, managed the same way.
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
      {selected && (
        <OfficesCard
          key={`offices-${selected.id}`}
          groupId={selected.id}
          title={`Offices of ${selected.displayName}`}
        />
      )}
      {groups.isSuccess && <CompanyDepartmentsCard hasGroups={groups.data.length > 0} />}
      {groups.isSuccess && <OfficesCard groupId={null} title="Company-wide offices" />}
      <InterestsAdminCard />
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

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle>Departments of {group.displayName}</CardTitle>
          <CardDescription>
            People in a deleted department move to "{DEFAULT_DEPARTMENT}"; a merged one's move to
            the department it is merged into.
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
            <DepartmentList
              groupId={group.id}
              label={`Departments of ${group.displayName}`}
              departments={data}
            />
          )}
        </QueryState>
      </CardContent>
      <DepartmentDialog open={adding} onOpenChange={setAdding} groupId={group.id} />
    </Card>
  );
}
