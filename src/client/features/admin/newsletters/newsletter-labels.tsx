import { Badge, type BadgeColor } from "../../../components/ui/badge";

const statusColors: Record<string, BadgeColor> = {
  approved: "blue",
  sending: "brown",
  sent: "green",
};

const statusLabels: Record<string, string> = {
  draft: "Draft",
  approved: "Approved",
  sending: "Sending",
  sent: "Sent",
};

/** Newsletter status badge: draft (and anything else) yellow, approved blue, sent green. */
export function NewsletterStatusBadge({ status }: { status: string }) {
  return <Badge color={statusColors[status] ?? "yellow"}>{statusLabels[status] ?? status}</Badge>;
}
