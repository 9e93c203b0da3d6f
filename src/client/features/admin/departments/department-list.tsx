import { type AdminDepartment, DEFAULT_DEPARTMENT } from "@shared/departments";
import { Merge, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { toast } from "../../../components/ui/toast";
import { departmentsApi } from "../../../lib/api/admin-departments";
import { DepartmentChangeImpactText } from "../impact/impact-text";
import { DepartmentDialog } from "./department-dialog";
import { useDepartmentMutation } from "./department-queries";
import { MergeDepartmentDialog } from "./merge-department-dialog";

type Change = { kind: "rename" | "merge" | "remove"; department: AdminDepartment };

/**
 * One department list as the admin manages it (a group's, or the company-wide one for a null
 * `groupId`): each department with its people count, renamed, merged into another of the list,
 * or deleted, each after saying who it touches (docs/admin-console.md, "Departments").
 */
export function DepartmentList({
  groupId,
  label,
  departments,
}: {
  groupId: number | null;
  label: string;
  departments: AdminDepartment[];
}) {
  const [change, setChange] = useState<Change | null>(null);
  const close = () => setChange(null);
  const canMerge = departments.length > 1;
  return (
    <>
      <ul aria-label={label} className="divide-y divide-coffee-100">
        {departments.map((department) => (
          <DepartmentRow
            key={department.id}
            department={department}
            canMerge={canMerge}
            onChange={(kind) => setChange({ kind, department })}
          />
        ))}
      </ul>
      <DepartmentDialog
        open={change?.kind === "rename"}
        onOpenChange={(open) => !open && close()}
        groupId={groupId}
        department={change?.kind === "rename" ? change.department : undefined}
      />
      {change?.kind === "merge" && (
        <MergeDepartmentDialog
          department={change.department}
          targets={departments.filter((d) => d.id !== change.department.id)}
          onClose={close}
        />
      )}
      {change?.kind === "remove" && (
        <DeleteDepartmentDialog department={change.department} onClose={close} />
      )}
    </>
  );
}

function DepartmentRow({
  department,
  canMerge,
  onChange,
}: {
  department: AdminDepartment;
  canMerge: boolean;
  onChange: (kind: Change["kind"]) => void;
}) {
  const people = department.userCount === 1 ? "1 person" : `${department.userCount} people`;
  const isDefault = department.name === DEFAULT_DEPARTMENT;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium break-words text-coffee-950">
          {department.displayName}
          {isDefault && <Badge color="blue">Default</Badge>}
        </p>
        <p className="text-sm text-coffee-700">{people}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          aria-label={`Rename ${department.displayName}`}
          onClick={() => onChange("rename")}
        >
          <Pencil aria-hidden="true" />
          Rename
        </Button>
        {!isDefault && canMerge && (
          <Button
            variant="outline"
            size="sm"
            aria-label={`Merge ${department.displayName}`}
            onClick={() => onChange("merge")}
          >
            <Merge aria-hidden="true" />
            Merge
          </Button>
        )}
        {!isDefault && (
          <Button
            variant="outline"
            size="sm"
            aria-label={`Delete ${department.displayName}`}
            onClick={() => onChange("remove")}
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
  department,
  onClose,
}: {
  department: AdminDepartment;
  onClose: () => void;
}) {
  const remove = useDepartmentMutation({
    mutationFn: () => departmentsApi.remove(department.id),
    onSuccess: (result) => {
      onClose();
      toast({ title: "Department deleted", description: result.message });
    },
    failure: "Failed to delete department",
  });
  return (
    <ConfirmDialog
      title={`Delete "${department.displayName}"?`}
      description={
        <DepartmentChangeImpactText departmentId={department.id} change={{ kind: "remove" }} />
      }
      confirmLabel={remove.isPending ? "Deleting..." : "Delete Department"}
      pending={remove.isPending}
      destructive
      onConfirm={() => remove.mutate()}
      onClose={onClose}
    />
  );
}
