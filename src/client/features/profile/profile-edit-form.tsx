import { zodResolver } from "@hookform/resolvers/zod";
import type { Department } from "@shared/departments";
import { type ProfileFormValues, type ProfileInput, profileSchema } from "@shared/profile";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toast";
import { profileApi } from "../../lib/api/profile";
import { errorMessage } from "../../lib/api-client";
import { AUTH_USER_QUERY_KEY, type AuthUser } from "../use-auth";
import { PhotoUpload } from "./photo-upload";
import { ProfileFields } from "./profile-fields";

/** The "Edit Profile" form of My Profile. */
export function ProfileEditForm({
  user,
  departments,
  departmentsLoading,
  onDone,
}: {
  user: AuthUser;
  departments: Department[] | undefined;
  departmentsLoading: boolean;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const form = useForm<ProfileFormValues, unknown, ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: {
      firstName: user.firstName ?? "",
      lastName: user.lastName ?? "",
      department: user.department ?? "",
      matchingPreference: user.matchingPreference,
      preferredGroupSize: user.preferredGroupSize,
      bio: user.bio ?? "",
      profileImageUrl: user.profileImageUrl ?? "",
    },
  });

  async function onValid(values: ProfileInput) {
    setSaving(true);
    try {
      const updated = await profileApi.update(values);
      queryClient.setQueryData(AUTH_USER_QUERY_KEY, updated);
      toast({ title: "Success", description: "Profile updated successfully!" });
      onDone();
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Error",
        description: errorMessage(error, "Failed to update profile"),
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      noValidate
      className="grid gap-6"
      onSubmit={form.handleSubmit(onValid)}
      aria-busy={saving}
    >
      <PhotoUpload
        imageUrl={form.watch("profileImageUrl")}
        firstName={user.firstName}
        lastName={user.lastName}
        onUploaded={(url) => {
          form.setValue("profileImageUrl", url);
          queryClient.setQueryData<AuthUser | null>(AUTH_USER_QUERY_KEY, (old) =>
            old ? { ...old, profileImageUrl: url } : old,
          );
        }}
      />
      <ProfileFields
        form={form}
        departments={departments}
        departmentsLoading={departmentsLoading}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : "Save Changes"}
        </Button>
      </div>
    </form>
  );
}
