import type { IdentityStatus } from "@shared/sso";
import { atInZone } from "@shared/zone-clock";
import { useQuery } from "@tanstack/react-query";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { QueryState } from "../../../components/ui/query-state";
import { identityApi, identityKeys } from "../../../lib/api/identity";
import { HelpLink } from "../../help/help-link";
import { useCompanyTimeZone } from "../use-company-time-zone";

/** Single sign-on and SCIM provisioning: on or off, the provider, the last change, who it manages. */
export function IdentityCard() {
  const query = useQuery({
    queryKey: identityKeys.status,
    queryFn: ({ signal }) => identityApi.status(signal),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Company identity</CardTitle>
        <CardDescription>
          Sign-in through your company's identity provider and the roster it keeps by SCIM. Both are
          turned on where the server runs: ask whoever runs it (
          <HelpLink slug="provisioning" section="single-sign-on">
            single sign-on
          </HelpLink>
          , <HelpLink slug="provisioning">provisioning by SCIM</HelpLink>).
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={query}
          failure="Failed to load the identity settings"
          isEmpty={() => false}
        >
          {(data) => <IdentityFacts status={data} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function IdentityFacts({ status }: { status: IdentityStatus }) {
  const { sso, scim } = status;
  const zone = useCompanyTimeZone();
  return (
    <dl className="grid gap-2 text-sm text-coffee-900 sm:grid-cols-[max-content_1fr] sm:gap-x-6">
      <dt className="font-medium">Single sign-on</dt>
      <dd data-testid="sso-status">{sso?.on ? `On: Sign in with ${sso.name}` : "Off"}</dd>
      <dt className="font-medium">Sign-in by email</dt>
      <dd>{sso?.emailSignIn === false ? "Off: employees sign in through the provider" : "On"}</dd>
      <dt className="font-medium">SCIM provisioning</dt>
      <dd data-testid="scim-status">{scim?.on ? "On" : "Off"}</dd>
      <dt className="font-medium">People it manages</dt>
      <dd>{scim?.managed ?? 0}</dd>
      <dt className="font-medium">Last SCIM change</dt>
      <dd>{scim?.lastChangeAt ? atInZone(scim.lastChangeAt, zone) : "None yet"}</dd>
    </dl>
  );
}
