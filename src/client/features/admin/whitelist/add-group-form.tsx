import { zodResolver } from "@hookform/resolvers/zod";
import {
  type CreateDomainGroup,
  createDomainGroupSchema,
  DEFAULT_GROUP_COLOR,
  HEX_COLOR,
} from "@shared/whitelist";
import { Plus } from "lucide-react";
import { useId } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "../../../components/ui/button";
import { FieldError, Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { whitelistApi } from "../../../lib/api/admin-whitelist";
import { successToast, useWhitelistMutation } from "./whitelist-queries";

type GroupFormValues = z.input<typeof createDomainGroupSchema>;

const emptyForm: GroupFormValues = {
  name: "",
  displayName: "",
  description: "",
  color: DEFAULT_GROUP_COLOR,
};

/** The form's one error line: the first field's message, in the order the fields are shown. */
function firstError(errors: FieldErrors<GroupFormValues>): string | undefined {
  return (["name", "displayName", "description", "color"] as const)
    .map((field) => errors[field]?.message)
    .find(Boolean);
}

/** Add Group: validated with the server's schema; the server's refusal shows in the toast. */
export function AddGroupForm() {
  const id = useId();
  const form = useForm<GroupFormValues, unknown, CreateDomainGroup>({
    resolver: zodResolver(createDomainGroupSchema),
    defaultValues: emptyForm,
  });
  const create = useWhitelistMutation({
    mutationFn: (body: CreateDomainGroup) =>
      whitelistApi.createGroup({ ...body, description: body.description || null }),
    onSuccess: (group) => {
      successToast(`Domain group "${group.displayName}" was created.`);
      form.reset(emptyForm);
    },
    failure: "Failed to create domain group",
  });
  const color = form.watch("color") ?? "";
  const formError = firstError(form.formState.errors);

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => create.mutate(values))}
      className="grid gap-4 border-t border-coffee-200 pt-4 md:grid-cols-2"
    >
      <h4 className="font-semibold text-coffee-900 md:col-span-2">Add Group</h4>
      <div className="space-y-2">
        <Label htmlFor={`${id}-name`}>Name</Label>
        <Input
          id={`${id}-name`}
          placeholder="e.g. acme"
          className="placeholder:italic"
          {...form.register("name")}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-display`}>Display name</Label>
        <Input
          id={`${id}-display`}
          placeholder="e.g. Acme Corp"
          className="placeholder:italic"
          {...form.register("displayName")}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-description`}>Description (optional)</Label>
        <Input id={`${id}-description`} {...form.register("description")} />
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-color`}>Colour</Label>
        <div className="flex gap-2">
          <input
            type="color"
            aria-label="Pick a colour"
            value={HEX_COLOR.test(color) ? color : DEFAULT_GROUP_COLOR}
            onChange={(e) => form.setValue("color", e.target.value, { shouldDirty: true })}
            className="h-10 w-12 shrink-0 cursor-pointer rounded-md border border-coffee-300 bg-white p-1"
          />
          <Input id={`${id}-color`} {...form.register("color")} />
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
  );
}
