import { zodResolver } from "@hookform/resolvers/zod";
import { type CreateDepartmentInput, createDepartmentSchema } from "@shared/departments";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useForm } from "react-hook-form";
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
import { toast } from "../../../components/ui/toast";
import { departmentKeys, departmentsApi } from "../../../lib/api/admin-departments";
import { useDepartmentMutation } from "./department-queries";

/**
 * Departments without domain groups: the company-wide list everyone picks from, added here
 * before (or without ever) making a group.
 */
export function CompanyDepartmentsCard() {
  const id = useId();
  const list = useQuery({
    queryKey: departmentKeys.company,
    queryFn: ({ signal }) => departmentsApi.company(signal),
  });
  const form = useForm<CreateDepartmentInput>({
    resolver: zodResolver(createDepartmentSchema),
    defaultValues: { displayName: "" },
  });
  const add = useDepartmentMutation({
    mutationFn: (body: CreateDepartmentInput) => departmentsApi.createCompanyWide(body),
    onSuccess: (created) => {
      form.reset();
      toast({ title: "Department added", description: `${created.displayName} was added.` });
    },
    failure: "Failed to add department",
  });
  const error = form.formState.errors.displayName?.message;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Company departments</CardTitle>
        <CardDescription>
          Everyone picks one of these on their profile. Domain groups (Email Whitelist tab) are only
          needed to pair parts of the company separately.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul aria-label="Company departments" className="flex flex-wrap gap-2">
          {(list.data ?? []).map((d) => (
            <li key={d.name} className="rounded-md border border-coffee-200 px-2 py-1 text-sm">
              {d.displayName}
            </li>
          ))}
        </ul>
        <form
          noValidate
          onSubmit={form.handleSubmit((values) => add.mutate(values))}
          className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end"
        >
          <div className="grid gap-2">
            <Label htmlFor={id}>New department</Label>
            <Input
              id={id}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              {...form.register("displayName")}
            />
          </div>
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? "Adding..." : "Add department"}
          </Button>
          <FieldError id={`${id}-error`} className="sm:col-span-2">
            {error}
          </FieldError>
        </form>
      </CardContent>
    </Card>
  );
}
