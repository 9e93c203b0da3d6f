import { zodResolver } from "@hookform/resolvers/zod";
import { namesFromEmail } from "@shared/names-from-email";
import { type ProfileFormValues, type ProfileInput, profileSchema } from "@shared/profile";
import { useQueryClient } from "@tanstack/react-query";
import { Coffee, PartyPopper } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/toast";
import { profileApi } from "../../lib/api/profile";
import { PRODUCT_NAME } from "../../lib/brand";
import { useScrollToField } from "../scroll-to-invalid";
import { AUTH_USER_QUERY_KEY, type AuthUser } from "../use-auth";
import { PhotoUpload } from "./photo-upload";
import { ProfileFields } from "./profile-fields";
import { useDepartments } from "./use-departments";

const REDIRECT_DELAY_MS = 1500;

/** The fields in the order the form shows them, to find the first invalid one. */
const profileFieldOrder = [
  "firstName",
  "lastName",
  "department",
  "matchingPreference",
  "bio",
  "profileImageUrl",
] as const;

/**
 * Saves the first profile: the welcome toast and card, then My Profile after a moment with the
 * saved user in the cache; a refusal gets the "something went wrong" toast.
 */
function useCompleteRegistration() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const [welcomed, setWelcomed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function complete(values: ProfileInput) {
    setSaving(true);
    try {
      const updated = await profileApi.completeRegistration(values);
      toast({
        title: `Welcome to ${PRODUCT_NAME}! 🎉`,
        description: "Your profile is all set up! Time to start making new connections!",
      });
      setWelcomed(true);
      timer.current = setTimeout(() => {
        queryClient.setQueryData(AUTH_USER_QUERY_KEY, updated);
        void queryClient.invalidateQueries({ queryKey: AUTH_USER_QUERY_KEY });
        navigate("/profile", { replace: true });
      }, REDIRECT_DELAY_MS);
    } catch {
      toast({
        variant: "destructive",
        title: "Oops! Something went wrong",
        description: "Please double-check your info and try again.",
      });
    } finally {
      setSaving(false);
    }
  }
  return { saving, welcomed, complete };
}

/** First-time profile setup. */
export function ProfileSetupForm({ user }: { user: AuthUser }) {
  const queryClient = useQueryClient();
  const departments = useDepartments(user.email);
  const agreementId = useId();
  const [agreed, setAgreed] = useState(false);
  const [agreementMissing, setAgreementMissing] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const scrollToField = useScrollToField(formRef);
  const { saving, welcomed, complete } = useCompleteRegistration();

  const form = useSetupForm(user);
  const imageUrl = form.watch("profileImageUrl");

  async function onValid(values: ProfileInput) {
    if (!agreed) {
      setAgreementMissing(true);
      scrollToField(`[id="${agreementId}"]`);
      return;
    }
    await complete(values);
  }

  function onInvalid(errors: FieldErrors<ProfileFormValues>) {
    setAgreementMissing(!agreed);
    const first = profileFieldOrder.find((name) => errors[name]);
    if (first) scrollToField(`[name="${first}"]`);
    toast({
      variant: "destructive",
      title: "Hold up! Missing some info",
      description: "Please fill in all the required fields so we can match you up!",
    });
  }

  if (welcomed) return <WelcomeCard />;

  return (
    <Card className="mx-auto max-w-2xl">
      <SetupHeader />
      <CardContent>
        <form
          ref={formRef}
          noValidate
          className="grid gap-6"
          onSubmit={form.handleSubmit(onValid, onInvalid)}
          aria-busy={saving}
        >
          <PhotoUpload
            imageUrl={imageUrl}
            firstName={form.watch("firstName")}
            lastName={form.watch("lastName")}
            onUploaded={(url) => {
              form.setValue("profileImageUrl", url);
              void queryClient.invalidateQueries({ queryKey: AUTH_USER_QUERY_KEY });
            }}
          />
          <ProfileFields
            form={form}
            departments={departments.data}
            departmentsLoading={departments.isLoading}
          />
          <AgreementField
            id={agreementId}
            agreed={agreed}
            missing={agreementMissing}
            onChange={(checked) => {
              setAgreed(checked);
              if (checked) setAgreementMissing(false);
            }}
          />
          <Button type="submit" size="lg" disabled={saving} className="w-full whitespace-normal">
            {saving ? "Setting up your profile..." : "Join Coffee Chat Network"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** Shown once the profile is saved, until the page moves on to My Profile. */
function WelcomeCard() {
  return (
    <Card className="mx-auto max-w-xl border-green-300 bg-green-50 text-center">
      <CardHeader className="items-center">
        <PartyPopper aria-hidden="true" className="size-10 text-green-800" />
        <h1 className="font-semibold leading-tight text-2xl text-green-900">
          Welcome to {PRODUCT_NAME}! 🎉
        </h1>
        <CardDescription className="text-green-900">
          Your profile is all set up! Time to start making new connections!
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Spinner label="Taking you to your profile..." className="text-green-900" />
      </CardContent>
    </Card>
  );
}

/** The agreement to the monthly mails and chats, required to join; its message when missing. */
function AgreementField({
  id,
  agreed,
  missing,
  onChange,
}: {
  id: string;
  agreed: boolean;
  missing: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="grid gap-2">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          checked={agreed}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.checked)}
          className="mt-0.5 size-4 shrink-0 accent-amber-700"
        />
        <label htmlFor={id} className="text-sm text-coffee-900">
          I agree to receive monthly match notifications and participate in coffee chats
        </label>
      </div>
      {missing && (
        <p id={`${id}-error`} className="pl-7 text-sm font-medium text-red-700">
          <strong>One more thing!</strong> Please check the box to join our coffee chat community!
        </p>
      )}
    </div>
  );
}

/** The profile form, prefilled from what is known and the names guessed from the address. */
function useSetupForm(user: AuthUser) {
  const guessed = namesFromEmail(user.email);
  return useForm<ProfileFormValues, unknown, ProfileInput>({
    resolver: zodResolver(profileSchema),
    shouldFocusError: false,
    defaultValues: {
      firstName: user.firstName || guessed?.firstName || "",
      lastName: user.lastName || guessed?.lastName || "",
      department: user.department ?? "",
      matchingPreference: user.matchingPreference ?? "any",
      bio: user.bio ?? "",
      profileImageUrl: user.profileImageUrl ?? "",
    },
  });
}

function SetupHeader() {
  return (
    <CardHeader className="items-center text-center">
      <Coffee aria-hidden="true" className="size-10 text-amber-700" />
      <h1 className="font-semibold leading-tight text-coffee-950 text-2xl sm:text-3xl">
        Almost There! Let's Get You Set Up
      </h1>
      <CardDescription className="max-w-prose text-base">
        Tell us a little about yourself so we can match you with a coffee chat buddy each month.
      </CardDescription>
    </CardHeader>
  );
}
