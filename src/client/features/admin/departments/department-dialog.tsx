import { zodResolver } from "@hookform/resolvers/zod";
import {
  type AdminDepartment,
  type CreateDepartmentInput,
  createDepartmentSchema,
  DEFAULT_DEPARTMENT,
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
import { apiRequest } from "../../../lib/api-client";
import { useDepartmentMutation } from "./department-queries";

type FormValues = { name: string; displayName: string };

/**
 * Add Department, or rename one (`department` given), validated with the same schema the server
 * uses. The default department keeps its stored name; only its display name can change.
 */
export function DepartmentDialog({
  open,
  onOpenChange,
  groupId,
  department,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  groupId: number;
  department?: AdminDepartment;
}) {
  const id = useId();
  const renaming = Boolean(department);
  const form = useForm<FormValues, unknown, CreateDepartmentInput>({
    resolver: zodResolver(createDepartmentSchema),
    defaultValues: { name: "", displayName: "" },
  });
  const { reset } = form;
  useEffect(() => {
    if (open) reset({ name: department?.name ?? "", displayName: department?.displayName ?? "" });
  }, [open, department, reset]);

  const save = useDepartmentMutation({
    mutationFn: (body: CreateDepartmentInput) =>
      department
        ? apiRequest<AdminDepartment>(
            "PATCH",
            `/api/admin/departments/${groupId}/${department.id}`,
            body,
          )
        : apiRequest<AdminDepartment>("POST", `/api/admin/departments/${groupId}`, body),
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

  const errors = form.formState.errors;
  const message = errors.name?.message ?? errors.displayName?.message;
  const invalid = (field: keyof FormValues) =>
    errors[field]
      ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` }
      : { "aria-invalid": undefined };
  const isDefault = department?.name === DEFAULT_DEPARTMENT;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            {department ? `Rename "${department.displayName}"` : "Add Department"}
          </DialogTitle>
          <DialogDescription>
            {renaming
              ? "People in this department keep it under its new name."
              : "The name is stored on each person's profile; the display name is what people see."}
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
              placeholder="e.g. engineering"
              maxLength={80}
              readOnly={isDefault}
              {...invalid("name")}
              {...form.register("name")}
            />
            {isDefault && (
              <p className="text-sm text-coffee-700">
                The default department keeps its name; you can change its display name.
              </p>
            )}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-display`}>Display Name</Label>
            <Input
              id={`${id}-display`}
              placeholder="e.g. Engineering"
              maxLength={80}
              {...invalid("displayName")}
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
