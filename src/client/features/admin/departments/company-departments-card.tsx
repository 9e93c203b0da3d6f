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
import { QueryState } from "../../../components/ui/query-state";
import { toast } from "../../../components/ui/toast";
import { departmentKeys, departmentsApi } from "../../../lib/api/admin-departments";
import { DepartmentList } from "./department-list";
import { useDepartmentMutation } from "./department-queries";

/**
 * The company-wide department list: everyone's without domain groups, else the list of the
 * people outside any group; added to here, renamed, merged and deleted as a group's are.
 */
export function CompanyDepartmentsCard({ hasGroups }: { hasGroups: boolean }) {
  const id = useId();
  const list = useQuery({
    queryKey: departmentKeys.companyAdmin,
    queryFn: ({ signal }) => departmentsApi.companyAdmin(signal),
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
          {hasGroups
            ? "The list of everyone outside a domain group."
            : "Everyone picks one of these on their profile. Domain groups (Email Whitelist tab) are only needed to pair parts of the company separately."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <QueryState
          query={list}
          failure="Failed to load departments"
          empty="No company departments yet: add the first one below."
        >
          {(data) => (
            <DepartmentList groupId={null} label="Company departments" departments={data} />
          )}
        </QueryState>
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
