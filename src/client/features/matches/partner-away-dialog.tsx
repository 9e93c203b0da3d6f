import type { MatchItem } from "@shared/matches";
import { partnerAwayNextText } from "@shared/partner-away-texts";
import { personName } from "@shared/person-name";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { useAuth } from "../use-auth";
import { useReportPartnerAway } from "./use-matches";

/**
 * Asks before saying a partner is away (docs/matches.md, "My partner is away"): in a pair the
 * member is re-paired as their own group-size choice allows, in a trio or a match of four the
 * others stay matched.
 */
export function PartnerAwayDialog({
  item,
  partnerId,
  onClose,
}: {
  item: MatchItem;
  partnerId: string;
  onClose: () => void;
}) {
  const report = useReportPartnerAway();
  const { user } = useAuth();
  const away = item.partners.find((p) => p.id === partnerId);
  const stays = item.partners.filter((p) => p.id !== partnerId).map(personName);
  const name = away ? personName(away) : "Your partner";
  const then = partnerAwayNextText(stays, user?.preferredGroupSize);
  return (
    <ConfirmDialog
      title={`Is ${name} away this month?`}
      description={`${name} leaves this month's match and is not paired again until next month. ${then} You can do this once a month, in its first half.`}
      confirmLabel={`Yes, ${name} is away`}
      pending={report.isPending}
      onConfirm={() =>
        report.mutate(
          { matchId: item.match.id, partnerId: item.partners.length > 1 ? partnerId : undefined },
          { onSettled: onClose },
        )
      }
      onClose={onClose}
    />
  );
}
