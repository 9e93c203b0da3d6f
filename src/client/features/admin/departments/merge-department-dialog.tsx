import { type AdminDepartment, MERGE_TARGET_REQUIRED } from "@shared/departments";
import { useId, useState } from "react";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { FieldError } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Select } from "../../../components/ui/select";
import { toast } from "../../../components/ui/toast";
import { departmentsApi } from "../../../lib/api/admin-departments";
import { DepartmentChangeImpactText } from "../impact/impact-text";
import { useDepartmentMutation } from "./department-queries";

/**
 * Merge a department into another of its list: the admin picks the target, reads who moves and
 * what that means for whoever chose to meet only their own department, then confirms.
 */
export function MergeDepartmentDialog({
  department,
  targets,
  onClose,
}: {
  department: AdminDepartment;
  targets: AdminDepartment[];
  onClose: () => void;
}) {
  const id = useId();
  const [intoId, setIntoId] = useState("");
  const [missing, setMissing] = useState(false);
  const into = targets.find((d) => String(d.id) === intoId);
  const merge = useDepartmentMutation({
    mutationFn: (intoDepartmentId: number) =>
      departmentsApi.merge(department.id, { intoDepartmentId }),
    onSuccess: (result) => {
      onClose();
      toast({ title: "Departments merged", description: result.message });
    },
    failure: "Failed to merge departments",
  });
  const confirm = () => {
    if (!into) return setMissing(true);
    merge.mutate(into.id);
  };
  return (
    <ConfirmDialog
      title={`Merge "${department.displayName}"`}
      description={`Its people move to the department you choose, and "${department.displayName}" is deleted. This cannot be undone.`}
      confirmLabel={merge.isPending ? "Merging..." : "Merge Departments"}
      pending={merge.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <div className="grid gap-2">
        <Label htmlFor={`${id}-into`}>Merge into</Label>
        <Select
          id={`${id}-into`}
          value={intoId}
          placeholder="Choose a department"
          aria-invalid={missing && !into ? true : undefined}
          aria-describedby={missing && !into ? `${id}-error` : undefined}
          onChange={(event) => setIntoId(event.target.value)}
          options={targets.map((d) => ({ value: String(d.id), label: d.displayName }))}
        />
        <FieldError id={`${id}-error`} role="alert">
          {missing && !into ? MERGE_TARGET_REQUIRED : undefined}
        </FieldError>
      </div>
      <div className="text-sm text-coffee-700" aria-live="polite">
        {into ? (
          <DepartmentChangeImpactText
            departmentId={department.id}
            change={{ kind: "merge", into: into.displayName }}
          />
        ) : (
          "Choose a department to see who moves."
        )}
      </div>
    </ConfirmDialog>
  );
}
