import { zodResolver } from "@hookform/resolvers/zod";
import {
  type AdminDepartment,
  type CreateDepartmentInput,
  createDepartmentSchema,
} from "@shared/departments";
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { FieldError, Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { toast } from "../../../components/ui/toast";
import { departmentsApi } from "../../../lib/api/admin-departments";
import { errorMessage } from "../../../lib/api-client";
import { redirectIfUnauthorized } from "../../unauthorized";
import { DepartmentChangeImpactText } from "../impact/impact-text";
import { useAdminMutation } from "../use-admin-mutation";
import { refreshDepartmentData } from "./department-queries";

type FormValues = { displayName: string };

type DepartmentDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The group whose list it is; null for the company-wide list. */
  groupId: number | null;
  department?: AdminDepartment;
};

/**
 * Add Department, or rename one (`department` given): the admin types only the name people read,
 * validated with the same schema the server uses; the server derives the stored key.
 */
export function DepartmentDialog({
  open,
  onOpenChange,
  groupId,
  department,
}: DepartmentDialogProps) {
  const id = useId();
  const renaming = Boolean(department);
  const { form, save } = useDepartmentForm({ open, onOpenChange, groupId, department });

  const errors = form.formState.errors;
  const message = errors.displayName?.message;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            {department ? `Rename "${department.displayName}"` : "Add Department"}
          </DialogTitle>
          <DialogDescription>
            {department ? (
              <DepartmentChangeImpactText
                departmentId={department.id}
                change={{ kind: "rename" }}
              />
            ) : (
              "The name people see on their profiles, in pairings, charts and e-mails."
            )}
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          onSubmit={form.handleSubmit((values) => save.mutate(values))}
          className="grid gap-4"
        >
          <div className="grid gap-2">
            <Label htmlFor={`${id}-name`}>Department Name</Label>
            <Input
              id={`${id}-name`}
              placeholder="e.g. Customer Success"
              maxLength={80}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? `${id}-error` : undefined}
              {...form.register("displayName")}
            />
          </div>
          <FieldError id={`${id}-error`} role="alert">
            {message}
          </FieldError>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={save.isPending}>
              {renaming
                ? save.isPending
                  ? "Saving..."
                  : "Save Name"
                : save.isPending
                  ? "Adding..."
                  : "Add Department"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The name form, reset to the current name on opening, and its save (add or rename). */
function useDepartmentForm({ open, onOpenChange, groupId, department }: DepartmentDialogProps) {
  const renaming = Boolean(department);
  const form = useForm<FormValues, unknown, CreateDepartmentInput>({
    resolver: zodResolver(createDepartmentSchema),
    defaultValues: { displayName: "" },
  });
  const { reset } = form;
  useEffect(() => {
    if (open) reset({ displayName: department?.displayName ?? "" });
  }, [open, department, reset]);

  // A refusal (a name taken, too long) is said under the field, which takes the focus back: no
  // toast, whose Escape handling would take the first press away from the dialog.
  const save = useAdminMutation({
    mutationFn: (body: CreateDepartmentInput) =>
      department
        ? departmentsApi.rename(department.id, body)
        : groupId === null
          ? departmentsApi.createCompanyWide(body)
          : departmentsApi.create(groupId, body),
    refresh: refreshDepartmentData,
    reportFailure: (error, fallback) => {
      if (redirectIfUnauthorized(error)) return;
      form.setError(
        "displayName",
        { type: "server", message: errorMessage(error, fallback) },
        { shouldFocus: true },
      );
    },
    onSuccess: (saved) => {
      toast({
        title: renaming ? "Department renamed" : "Department added",
        description: renaming
          ? `${department?.displayName} is now ${saved.displayName}.`
          : `${saved.displayName} was added.`,
      });
      onOpenChange(false);
    },
    failure: renaming ? "Failed to rename department" : "Failed to add department",
  });
  return { form, save };
}
