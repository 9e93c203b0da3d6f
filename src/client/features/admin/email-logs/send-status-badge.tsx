import { sendStatusLabel } from "@shared/newsletters";
import { Badge, type BadgeColor } from "../../../components/ui/badge";

const colors: Record<string, BadgeColor> = {
  Success: "green",
  "SendGrid Limit": "yellow",
  Unknown: "grey",
};

/** A log entry's send status in words: Success, SendGrid Limit, …, Failed, Unknown. */
export function SendStatusBadge({ status }: { status: string }) {
  const label = sendStatusLabel(status);
  return <Badge color={colors[label] ?? "red"}>{label}</Badge>;
}

/** A log entry's match check: Valid or Issues. */
export function MatchValidatedBadge({ validated }: { validated: boolean }) {
  return <Badge color={validated ? "green" : "yellow"}>{validated ? "Valid" : "Issues"}</Badge>;
}
