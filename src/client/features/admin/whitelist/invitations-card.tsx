import type { WaitingPerson } from "@shared/invitations";
import { atInZone } from "@shared/zone-clock";
import { Send } from "lucide-react";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { QueryState } from "../../../components/ui/query-state";
import { useCompanyTimeZone } from "../use-company-time-zone";
import { useInvitations, useSendInvitations } from "./invitation-queries";
import { useAllowedEmails } from "./whitelist-queries";

/**
 * Not Signed Up Yet: the people whitelisted by their own address who have no account, when each
 * was last invited, and the invitation (at most once a day per address; docs/admin-console.md).
 */
export function InvitationsCard() {
  const invitations = useInvitations();
  const send = useSendInvitations();
  // The whitelist the tab already loaded: "everyone has signed up" is only true of a list with
  // people on it by their own address.
  const entries = useAllowedEmails();
  const anyoneByAddress = (entries.data ?? []).some((entry) => !entry.email.startsWith("*@"));
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Not Signed Up Yet</CardTitle>
        <CardDescription>
          People on the whitelist by their own address who have not signed in. Invite them, or
          remind them, at most once a day each; the e-mail is the launch invitation.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={invitations}
          failure="Failed to load the people not signed up yet"
          empty={
            anyoneByAddress
              ? "Everyone on the whitelist by their own address has signed up."
              : "Nobody is on the whitelist by their own address yet: add people above, then invite them here."
          }
          isEmpty={(data) => data.people.length === 0}
        >
          {(data) => {
            const ready = data.people.filter((p) => p.nextInviteAt === null);
            return (
              <div className="grid gap-4">
                <div className="flex flex-wrap items-center gap-3">
                  <p className="text-sm text-coffee-800">
                    {data.total.toLocaleString("en")} not signed up
                    {data.total > data.people.length
                      ? ` (the first ${data.people.length.toLocaleString("en")} are listed)`
                      : ""}
                    .
                  </p>
                  <Button
                    type="button"
                    size="sm"
                    disabled={ready.length === 0 || send.isPending}
                    onClick={() => send.mutate(ready.map((p) => p.email))}
                  >
                    <Send aria-hidden="true" />
                    Invite all who can be ({ready.length.toLocaleString("en")})
                  </Button>
                </div>
                <ul aria-label="People not signed up yet" className="grid gap-2">
                  {data.people.map((person) => (
                    <WaitingRow
                      key={person.email}
                      person={person}
                      busy={send.isPending}
                      onInvite={() => send.mutate([person.email])}
                    />
                  ))}
                </ul>
              </div>
            );
          }}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function WaitingRow({
  person,
  busy,
  onInvite,
}: {
  person: WaitingPerson;
  busy: boolean;
  onInvite: () => void;
}) {
  const name = [person.firstName, person.lastName].filter(Boolean).join(" ");
  const action = person.lastInvitedAt ? "Resend" : "Invite";
  const zone = useCompanyTimeZone();
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-coffee-200 p-3">
      <div className="min-w-0">
        <p className="font-medium break-all text-coffee-950">{name || person.email}</p>
        {name && <p className="text-sm break-all text-coffee-700">{person.email}</p>}
        <p className="text-sm text-coffee-700">
          {person.lastInvitedAt
            ? `Last invited ${atInZone(person.lastInvitedAt, zone)}`
            : "Not invited yet"}
          {person.nextInviteAt ? ` · again from ${atInZone(person.nextInviteAt, zone)}` : ""}
        </p>
      </div>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={busy || person.nextInviteAt !== null}
        onClick={onInvite}
        aria-label={`${action} ${person.email}`}
      >
        {action}
      </Button>
    </li>
  );
}
