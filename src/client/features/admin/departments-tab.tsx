import {
  type AdminDepartment,
  DEFAULT_DEPARTMENT,
  DEPARTMENT_FIELDS_REQUIRED,
} from "@shared/departments";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus, Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/toast";
import { apiRequest, errorMessage } from "../../lib/api-client";
import { cn } from "../../lib/cn";

type DomainGroup = {
  id: number;
  name: string;
  displayName: string;
  description?: string | null;
  color?: string | null;
};

const departmentsKey = (groupId: number) => ["/api/admin/departments", groupId] as const;

/** Admin dashboard "departments" tab (admin-side §2): per domain group, list, add and delete. */
export function DepartmentsTab() {
  const groups = useQuery<DomainGroup[]>({ queryKey: ["/api/admin/domain-groups"] });
  const [groupId, setGroupId] = useState<number | null>(null);
  const selected = groups.data?.find((g) => g.id === groupId) ?? null;

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Department Management</CardTitle>
          <CardDescription>Choose a domain group to manage its departments.</CardDescription>
        </CardHeader>
        <CardContent>
          {groups.isLoading ? (
            <Spinner />
          ) : groups.isError ? (
            <p className="text-sm text-red-700">
              {errorMessage(groups.error, "Failed to load groups")}
            </p>
          ) : !groups.data?.length ? (
            <p className="text-sm text-coffee-700">
              No domain groups yet. Create one on the Email Whitelist tab.
            </p>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {groups.data.map((group) => (
                <li key={group.id}>
                  <button
                    type="button"
                    aria-pressed={group.id === groupId}
                    onClick={() => setGroupId(group.id)}
                    className={cn(
                      "flex w-full items-start gap-3 rounded-lg border p-4 text-left transition-colors hover:bg-coffee-50",
                      group.id === groupId
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
                      <span className="block font-semibold break-words text-coffee-950">
                        {group.displayName}
                      </span>
                      <span className="block text-sm break-words text-coffee-700">
                        {group.description || group.name}
                      </span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      {selected && <GroupDepartments group={selected} />}
    </div>
  );
}

function GroupDepartments({ group }: { group: DomainGroup }) {
  const queryClient = useQueryClient();
  const list = useQuery<AdminDepartment[]>({ queryKey: departmentsKey(group.id) });
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<AdminDepartment | null>(null);

  const refresh = () =>
    Promise.all(
      [
        departmentsKey(group.id),
        ["/api/user/departments"],
        ["/api/admin/users"],
        ["/api/departments"],
        ["/api/departments/domain"],
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );

  const remove = useMutation({
    mutationFn: (department: AdminDepartment) =>
      apiRequest<{ message: string }>(
        "DELETE",
        `/api/admin/departments/${group.id}/${department.id}`,
      ),
    onSuccess: async (result) => {
      setDeleting(null);
      toast({ title: "Department deleted", description: result.message });
      await refresh();
    },
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Error",
        description: errorMessage(error, "Failed to delete department"),
      }),
  });

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
        {list.isLoading ? (
          <Spinner />
        ) : list.isError ? (
          <p className="text-sm text-red-700">
            {errorMessage(list.error, "Failed to load departments")}
          </p>
        ) : !list.data?.length ? (
          <p className="text-sm text-coffee-700">No departments found for this group</p>
        ) : (
          <ul
            aria-label={`Departments of ${group.displayName}`}
            className="divide-y divide-coffee-100"
          >
            {list.data.map((department) => (
              <li
                key={department.id}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium break-words text-coffee-950">
                    {department.displayName}
                    {department.name === DEFAULT_DEPARTMENT && <Badge color="blue">Default</Badge>}
                  </p>
                  <p className="text-sm break-words text-coffee-700">
                    {department.name} ·{" "}
                    {department.userCount === 1 ? "1 user" : `${department.userCount} users`}
                  </p>
                </div>
                {department.name !== DEFAULT_DEPARTMENT && (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Delete ${department.displayName}`}
                    onClick={() => setDeleting(department)}
                  >
                    <Trash2 aria-hidden="true" />
                    Delete
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <AddDepartmentDialog
        open={adding}
        onOpenChange={setAdding}
        groupId={group.id}
        onAdded={refresh}
      />
      <Dialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Delete "{deleting?.displayName}"?</DialogTitle>
            <DialogDescription>
              Its users will be moved to "{DEFAULT_DEPARTMENT}". This action cannot be undone.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() => deleting && remove.mutate(deleting)}
            >
              {remove.isPending ? "Deleting..." : "Delete Department"}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}

function AddDepartmentDialog({
  open,
  onOpenChange,
  groupId,
  onAdded,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  groupId: number;
  onAdded: () => Promise<unknown>;
}) {
  const id = useId();
  const [name, setName] = useState("");
  const [displayName, setDisplayName] = useState("");
  const add = useMutation({
    mutationFn: (body: { name: string; displayName: string }) =>
      apiRequest<AdminDepartment>("POST", `/api/admin/departments/${groupId}`, body),
    onSuccess: async (created) => {
      toast({ title: "Department added", description: `${created.displayName} was added.` });
      setName("");
      setDisplayName("");
      onOpenChange(false);
      await onAdded();
    },
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Error",
        description: errorMessage(error, "Failed to add department"),
      }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = { name: name.trim(), displayName: displayName.trim() };
    if (!body.name || !body.displayName) {
      toast({ variant: "destructive", title: "Error", description: DEPARTMENT_FIELDS_REQUIRED });
      return;
    }
    add.mutate(body);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Department</DialogTitle>
          <DialogDescription>
            The name is stored; the display name is what people see.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-name`}>Department Name</Label>
            <Input
              id={`${id}-name`}
              value={name}
              placeholder="e.g. engineering"
              maxLength={80}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-display`}>Display Name</Label>
            <Input
              id={`${id}-display`}
              value={displayName}
              placeholder="e.g. Engineering"
              maxLength={80}
              onChange={(event) => setDisplayName(event.target.value)}
            />
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? "Adding..." : "Add Department"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
