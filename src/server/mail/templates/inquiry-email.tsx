import { Section, Text } from "@react-email/components";
import { longDateTime } from "../../../shared/date-text";
import { withZone } from "../../../shared/zone-names";
import { EmailLayout } from "./email-layout";

export type InquiryEmailProps = {
  companyName: string;
  contactEmail: string;
  expectedUsers: string;
  additionalInfo: string | null;
  receivedAt: Date;
};

/** "Wednesday, November 25, 2026 at 17:40 UTC": a date a person reads, not an ISO timestamp. */
export function receivedText(at: Date): string {
  return withZone(longDateTime(at, "UTC", { year: true }), "UTC");
}

const label = {
  color: "#6b5b4e",
  fontSize: "12px",
  margin: "12px 0 2px",
  textTransform: "uppercase",
} as const;
const value = { color: "#2b1a0e", fontSize: "15px", margin: 0, whiteSpace: "pre-wrap" } as const;

/** The operator's copy of a company inquiry. Every field is user text, rendered (escaped) by React. */
export function InquiryEmail(props: InquiryEmailProps) {
  const rows: [string, string][] = [
    ["Company", props.companyName],
    ["Contact e-mail", props.contactEmail],
    ["Expected users", props.expectedUsers],
    ["Additional information", props.additionalInfo ?? "—"],
    ["Received", receivedText(props.receivedAt)],
  ];
  return (
    <EmailLayout
      preview={`New company inquiry from ${props.companyName}`}
      title="New company inquiry"
    >
      <Text>A company asked about using Cup of Joe. Reply to the contact e-mail to follow up.</Text>
      <Section>
        {rows.map(([name, text]) => (
          <div key={name}>
            <Text style={label}>{name}</Text>
            <Text style={value}>{text}</Text>
          </div>
        ))}
      </Section>
    </EmailLayout>
  );
}
