import { Link, Text } from "@react-email/components";
import { CHAT_DURATION_MINUTES } from "../../../shared/matches";
import { EmailButton } from "./email-button";
import { EmailLayout } from "./email-layout";

const quiet = { color: "#6b5b4e", fontSize: "13px" } as const;

export type LaunchEmailProps = {
  /** The company's name (admin-entered, escaped by React); empty when not set. */
  company: string;
  /** APP_URL/auth */
  signInUrl: string;
  /** Whether the company has departments: only then is there a department preference to offer. */
  hasDepartments: boolean;
  /** Stops the invitations and reminders to this address (docs/mail.md, "Invitations and reminders"). */
  unsubscribeUrl: string;
  /** A reminder to someone invited who has not joined yet, rather than the invitation itself. */
  reminder?: boolean;
};

/**
 * The launch invitation to every whitelisted address (docs/admin-console.md, "Getting started"):
 * what the programme is and the three things the reader has to do. What it promises is what the
 * engine does (docs/pairings.md): the size a person chooses on their profile, their department
 * preference where the company has departments, and one chat length (CHAT_DURATION_MINUTES).
 */
export function LaunchEmail({
  company,
  signInUrl,
  hasDepartments,
  unsubscribeUrl,
  reminder = false,
}: LaunchEmailProps) {
  const who = company ? `${company} now pairs` : "Your company now pairs";
  const preview = `${who} colleagues for a coffee chat each month.`;
  const title = reminder
    ? "Your invitation to Cup of Joe is waiting"
    : "You are invited to Cup of Joe";
  return (
    <EmailLayout preview={preview} title={title}>
      <Text>
        {preview} Each month you meet a colleague for a {CHAT_DURATION_MINUTES}-minute chat, in
        person or by video: usually one partner, or a small group of three or four if you choose
        that on your profile.
        {hasDepartments
          ? " You also choose whether they come from your own department, another one, or either."
          : ""}
      </Text>
      <Text>
        To take part: sign in below with your work e-mail, fill in your profile (a minute), and you
        are paired at the next round. You can pause or opt out at any time.
      </Text>
      <EmailButton href={signInUrl}>Sign in to Cup of Joe</EmailButton>
      <Text style={quiet}>
        Not interested? <Link href={unsubscribeUrl}>Stop these invitations</Link>: no more
        invitations or reminders come to this address.
      </Text>
    </EmailLayout>
  );
}
