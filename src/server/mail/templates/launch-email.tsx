import { Button, Text } from "@react-email/components";
import { EmailLayout } from "./email-layout";

export type LaunchEmailProps = {
  /** The company's name (admin-entered, escaped by React); empty when not set. */
  company: string;
  /** APP_URL/auth */
  signInUrl: string;
};

const buttonStyle = {
  backgroundColor: "#4a2c17",
  color: "#ffffff",
  padding: "12px 20px",
  borderRadius: "6px",
  textDecoration: "none",
  display: "inline-block",
} as const;

/**
 * The launch invitation to every whitelisted address (docs/admin-console.md, "Getting started"):
 * what the programme is and the three things the reader has to do.
 */
export function LaunchEmail({ company, signInUrl }: LaunchEmailProps) {
  const who = company ? `${company} now pairs` : "Your company now pairs";
  const preview = `${who} colleagues for a coffee chat each month.`;
  return (
    <EmailLayout preview={preview} title="You are invited to Cup of Joe">
      <Text>
        {preview} Each month you get one partner from another team, for a half-hour chat in person
        or by video.
      </Text>
      <Text>
        To take part: sign in below with your work e-mail, fill in your profile (a minute), and you
        are paired at the next round. You can pause or opt out at any time.
      </Text>
      <Button href={signInUrl} style={buttonStyle}>
        Sign in to Cup of Joe
      </Button>
    </EmailLayout>
  );
}
