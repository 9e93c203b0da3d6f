import type { ConnectionStatus } from "@shared/enums";
import { CircleCheck, CircleX, Clock } from "lucide-react";
import { Badge, type BadgeColor } from "../../components/ui/badge";

const looks: Record<ConnectionStatus, { color: BadgeColor; label: string; Icon: typeof Clock }> = {
  confirmed: { color: "green", label: "Met My Match", Icon: CircleCheck },
  not_confirmed: { color: "red", label: "Missed This Month", Icon: CircleX },
  pending: { color: "yellow", label: "Pending", Icon: Clock },
};

/** The user's own connection status (spec §4): confirmed green, not_confirmed red, pending yellow. */
export function ConnectionBadge({ status }: { status: ConnectionStatus }) {
  const { color, label, Icon } = looks[status] ?? looks.pending;
  return (
    <Badge color={color} data-status={status}>
      <Icon aria-hidden="true" className="size-3.5" />
      {label}
    </Badge>
  );
}
