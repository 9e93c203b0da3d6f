import { Link, Text } from "@react-email/components";
import { EmailButton } from "./email-button";
import { EmailLayout } from "./email-layout";

export type StillInEmailProps = {
  greeting: string;
  /** The still-in page, which shows the three choices (stay in, pause, opt out). */
  answerUrl: string;
  profileUrl: string;
  unsubscribeUrl: string;
};

const small = { color: "#6b5b4e", fontSize: "12px" } as const;

/** Asked of someone who answered no check-in for three rounds in a row (docs/check-ins.md). */
export function StillInEmail(props: StillInEmailProps) {
  return (
    <EmailLayout preview="Still up for coffee chats?" title="Still up for coffee chats?">
      <Text>Hi {props.greeting},</Text>
      <Text>
        We have not heard from you about your last three coffee chats. Would you like to stay in,
        pause for a while, or opt out? Until you tell us, we leave you out of the next rounds so
        nobody waits for a chat that does not happen.
      </Text>
      <EmailButton href={props.answerUrl}>Tell us</EmailButton>
      <Text style={small}>
        The button opens a page where you choose. You can also pause or opt out any time on your{" "}
        <Link href={props.profileUrl}>profile</Link> or{" "}
        <Link href={props.unsubscribeUrl}>unsubscribe here</Link>.
      </Text>
    </EmailLayout>
  );
}
