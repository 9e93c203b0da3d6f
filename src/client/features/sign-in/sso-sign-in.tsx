import type { SignInMethods } from "@shared/sso";
import { useQuery } from "@tanstack/react-query";
import { Building2 } from "lucide-react";
import { Button } from "../../components/ui/button";
import { identityApi, identityKeys } from "../../lib/api/identity";

/** The ways in this company offers (e-mail, its identity provider); undefined while loading. */
export function useSignInMethods(): SignInMethods | undefined {
  return useQuery({
    queryKey: identityKeys.methods,
    queryFn: ({ signal }) => identityApi.methods(signal),
    staleTime: Number.POSITIVE_INFINITY,
  }).data;
}

/**
 * "Sign in with …": a full page load of the start address, which sends the browser to the
 * company's identity provider (docs/sign-in.md, "Single sign-on").
 */
export function SsoSignIn({ methods }: { methods: SignInMethods | undefined }) {
  if (!methods?.sso) return null;
  return (
    <div className="space-y-3">
      <Button asChild className="w-full">
        <a href={methods.sso.startUrl}>
          <Building2 aria-hidden="true" />
          Sign in with {methods.sso.name}
        </a>
      </Button>
      {methods.emailSignIn ? (
        <p className="text-center text-sm text-coffee-700">or with your work e-mail</p>
      ) : null}
    </div>
  );
}
