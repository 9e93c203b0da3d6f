import { Button, Link, Text } from "@react-email/components";
import { EmailLayout } from "./email-layout";

export type CheckInEmailProps = {
  /** The recipient's first name or address, as the greeting shows it. */
  greeting: string;
  /** "Ada Lovelace" or "Ada Lovelace and Ben Byron". */
  partners: string;
  /** "March 2027". */
  month: string;
  /** True for the one reminder. */
  reminder: boolean;
  /** The check-in page, one link per choice (the page opens with that choice focused). */
  links: { met: string; notYet: string; skip: string };
  profileUrl: string;
  unsubscribeUrl: string;
};

const button = {
  color: "#ffffff",
  padding: "12px 18px",
  borderRadius: "6px",
  textDecoration: "none",
  display: "inline-block",
  margin: "0 8px 8px 0",
} as const;
const small = { color: "#6b5b4e", fontSize: "12px" } as const;

/**
 * "Did you meet {partner}?" Each button sits in its own block, so the plain-text part shows one
 * choice and its link per line. Each button only opens the check-in page, which records nothing until
 * the person presses there (mail scanners open every link). User text is escaped by React.
 */
export function CheckInEmail(props: CheckInEmailProps) {
  const question = `Did you meet ${props.partners}?`;
  return (
    <EmailLayout preview={question} title={question}>
      <Text>Hi {props.greeting},</Text>
      <Text>
        {props.reminder
          ? `A quick reminder about your ${props.month} coffee chat with ${props.partners}: how did it go?`
          : `How is your ${props.month} coffee chat with ${props.partners} going? Choose an answer below; the page that opens asks you to confirm it.`}
      </Text>
      <div>
        <Button href={props.links.met} style={{ ...button, backgroundColor: "#4a2c17" }}>
          Met
        </Button>
      </div>
      <div>
        <Button href={props.links.notYet} style={{ ...button, backgroundColor: "#8a6d55" }}>
          Not yet
        </Button>
      </div>
      <div>
        <Button href={props.links.skip} style={{ ...button, backgroundColor: "#8a6d55" }}>
          Skip this month
        </Button>
      </div>
      <Text style={small}>
        Each button opens a page where you confirm your answer. You receive this because you take
        part in Cup of Joe; you can pause or opt out any time on your{" "}
        <Link href={props.profileUrl}>profile</Link> or{" "}
        <Link href={props.unsubscribeUrl}>unsubscribe here</Link>.
      </Text>
    </EmailLayout>
  );
}
