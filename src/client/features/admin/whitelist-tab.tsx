import { AddEmailCard } from "./whitelist/add-email-card";
import { EntriesCard } from "./whitelist/entries-card";
import { GroupsCard } from "./whitelist/groups-card";
import { ImportCard } from "./whitelist/import-card";
import { InvitationsCard } from "./whitelist/invitations-card";

/** Email Whitelist and Domain Groups tab: the entries first, then the add forms and the groups. */
export function WhitelistTab() {
  return (
    <section aria-labelledby="whitelist-heading" className="grid gap-6">
      <h2 id="whitelist-heading" className="text-xl font-semibold text-coffee-950">
        Email Whitelist and Domain Groups
      </h2>
      {/* What is already allowed comes first; the add forms follow. */}
      <EntriesCard />
      <AddEmailCard />
      <ImportCard />
      <InvitationsCard />
      <GroupsCard />
    </section>
  );
}
