import { Link, Text } from "@react-email/components";
import { EmailButton } from "./email-button";
import { EmailLayout } from "./email-layout";

export type PauseEndingEmailProps = {
  greeting: string;
  /** The day the pause ends, as people read it ("Monday, May 3, 2027"). */
  until: string;
  profileUrl: string;
  unsubscribeUrl: string;
};

const small = { color: "#6b5b4e", fontSize: "12px" } as const;

/** A week before a pause ends (docs/profile.md, "Participation"). */
export function PauseEndingEmail(props: PauseEndingEmailProps) {
  return (
    <EmailLayout preview="Your coffee chat pause ends soon" title="Back for coffee soon">
      <Text>Hi {props.greeting},</Text>
      <Text>
        Your pause ends on {props.until}. From then on you are back in the coffee chats: the first
        round after that day pairs you again.
      </Text>
      <Text>Need longer? You can pause again or change your mind on your profile.</Text>
      <EmailButton href={props.profileUrl}>Open my profile</EmailButton>
      <Text style={small}>
        Don't want these e-mails? <Link href={props.unsubscribeUrl}>Unsubscribe here</Link>.
      </Text>
    </EmailLayout>
  );
}
