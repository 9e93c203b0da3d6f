import { departmentLabel } from "@shared/departments";
import { type MatchSize, matchSizeLabels } from "@shared/match-size";
import { matchingPreferenceLabels } from "@shared/profile";
import { useQueryClient } from "@tanstack/react-query";
import { Building2, Mail, Pencil, Users } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { AUTH_USER_QUERY_KEY, type AuthUser } from "../use-auth";
import { Avatar } from "./avatar";
import { MyDataCard } from "./my-data-card";
import { ParticipationCard } from "./participation-card";
import { PhotoUpload } from "./photo-upload";
import { ReachCard } from "./reach-card";
import { useDepartments } from "./use-departments";

// The edit form loads when "Edit Profile" is first pressed; the page opens on the read view.
// Its zone list and hours editor load with it, after the profile itself (page budgets).
const MeetingCard = lazy(async () => ({
  default: (await import("../never-with/meeting-card")).MeetingCard,
}));
const InterestsCard = lazy(async () => ({
  default: (await import("../never-with/interests-card")).InterestsCard,
}));
const NeverWithCard = lazy(async () => ({
  default: (await import("../never-with/never-with-card")).NeverWithCard,
}));
const WorkingHoursCard = lazy(async () => ({
  default: (await import("../working-hours/working-hours-card")).WorkingHoursCard,
}));
const ProfileEditForm = lazy(async () => ({
  default: (await import("./profile-edit-form")).ProfileEditForm,
}));

/** "My Profile": the read view (or its edit form) and the participation card. */
export function ProfileView({ user }: { user: AuthUser }) {
  const [editing, setEditing] = useState(false);
  const departments = useDepartments(user.email);
  const queryClient = useQueryClient();
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email;

  return (
    <div className="grid gap-6">
      <h1 className="text-3xl font-bold tracking-tight text-coffee-950">My Profile</h1>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card>
          <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
            <CardTitle>{editing ? "Edit Profile" : "Profile Details"}</CardTitle>
            {!editing && (
              <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                <Pencil aria-hidden="true" />
                Edit Profile
              </Button>
            )}
          </CardHeader>
          <CardContent>
            {editing ? (
              <Suspense fallback={<Spinner />}>
                <ProfileEditForm
                  user={user}
                  departments={departments.data}
                  departmentsLoading={departments.isLoading}
                  onDone={() => setEditing(false)}
                />
              </Suspense>
            ) : (
              <div className="grid gap-6">
                <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
                  <Avatar
                    src={user.profileImageUrl}
                    firstName={user.firstName}
                    lastName={user.lastName}
                  />
                  <div className="min-w-0">
                    <p className="text-2xl font-semibold break-words text-coffee-950">{name}</p>
                    <p className="flex items-center justify-center gap-2 text-coffee-700 sm:justify-start">
                      <Building2 aria-hidden="true" className="size-4 shrink-0" />
                      {departmentLabel(departments.data, user.department)}
                    </p>
                  </div>
                </div>
                <dl className="grid gap-4 text-sm">
                  <div className="grid gap-1">
                    <dt className="flex items-center gap-2 font-medium text-coffee-700">
                      <Mail aria-hidden="true" className="size-4" /> Work email
                    </dt>
                    <dd className="break-all text-coffee-950">{user.email}</dd>
                  </div>
                  <div className="grid gap-1">
                    <dt className="flex items-center gap-2 font-medium text-coffee-700">
                      <Users aria-hidden="true" className="size-4" /> Matching preference
                    </dt>
                    <dd className="text-coffee-950">
                      {matchingPreferenceLabels[user.matchingPreference] ?? user.matchingPreference}
                    </dd>
                  </div>
                  <div className="grid gap-1">
                    <dt className="font-medium text-coffee-700">Group size</dt>
                    <dd className="text-coffee-950">
                      {matchSizeLabels[user.preferredGroupSize as MatchSize] ?? matchSizeLabels[2]}
                    </dd>
                  </div>
                  <div className="grid gap-1">
                    <dt className="font-medium text-coffee-700">Bio</dt>
                    <dd className="whitespace-pre-line break-words text-coffee-950">
                      {user.bio || "No bio yet."}
                    </dd>
                  </div>
                </dl>
                <div className="border-t border-coffee-100 pt-4">
                  <PhotoUpload
                    showAvatar={false}
                    imageUrl={user.profileImageUrl}
                    firstName={user.firstName}
                    lastName={user.lastName}
                    onUploaded={(url) =>
                      queryClient.setQueryData<AuthUser | null>(AUTH_USER_QUERY_KEY, (old) =>
                        old ? { ...old, profileImageUrl: url } : old,
                      )
                    }
                  />
                </div>
              </div>
            )}
          </CardContent>
        </Card>
        <div className="grid gap-6">
          <ParticipationCard user={user} />
          <Suspense fallback={<Spinner label="Loading..." />}>
            <WorkingHoursCard />
          </Suspense>
          <Suspense fallback={<Spinner label="Loading..." />}>
            <MeetingCard />
          </Suspense>
          <Suspense fallback={<Spinner label="Loading..." />}>
            <InterestsCard />
          </Suspense>
          <Suspense fallback={<Spinner label="Loading..." />}>
            <NeverWithCard />
          </Suspense>
          <ReachCard />
          <MyDataCard user={user} />
        </div>
      </div>
    </div>
  );
}
